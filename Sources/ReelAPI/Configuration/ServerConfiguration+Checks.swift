import Foundation
import ReelHTTP
import ReelWorker

/// The rules for the access settings: keys, webhook secret, CORS origins, and who may be served
/// without keys.
extension ServerConfiguration {
    /// Keys must be long enough not to be guessed and printable without spaces or commas (the
    /// environment variable separates them with commas), and never a placeholder.
    static func checkedKeys(_ keys: [String], key: String) throws -> [String] {
        for (i, k) in keys.enumerated() {
            guard k.count >= 16, k.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 && $0 != "," }) else {
                throw Problem(key: key, message: "key \(i + 1) must be at least 16 printable ASCII characters without spaces or commas")
            }
            if isPlaceholder(k) { throw Problem(key: key, message: "key \(i + 1) is a placeholder (\(placeholderWords)): " + placeholderAdvice) }
        }
        return keys
    }

    /// Whether `value` is one of the placeholders the deploy files and docs show in place of a
    /// secret (`CHANGE-ME…`, `change-me-…`, `changeme`): a server started with one would answer
    /// anyone who read the same file.
    static func isPlaceholder(_ value: String) -> Bool {
        let squeezed = value.lowercased().filter { $0.isLetter }
        return squeezed.contains("changeme")
    }

    static let placeholderWords = "it says change me"
    static let placeholderAdvice = "set a long random one, e.g. `openssl rand -hex 32`"

    /// True when `host` is a loopback address (127.0.0.0/8, ::1 or localhost), reachable only from
    /// this machine.
    public static func isLoopback(_ host: String) -> Bool {
        if host.lowercased() == "localhost" || host == "::1" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        return false
    }

    /// Refuses a configuration that would serve everyone without keys: without `apiKeys` the server
    /// listens on loopback only, unless `allowUnauthenticated` says that is intended.
    public func checkAccess() throws {
        guard !hasKeys, !allowUnauthenticated, !Self.isLoopback(host) else { return }
        throw Problem(key: "apiKeys", message: "no API keys are configured and the server would listen on \(host), which is not a "
            + "loopback address: set apiKeys (or REEL_API_KEYS) or projects (REEL_PROJECTS) to require keys, or allowUnauthenticated: true "
            + "(or REEL_ALLOW_UNAUTHENTICATED=true) to serve without authentication")
    }

    /// A key names one project with one scope: the same secret twice (in `apiKeys` and
    /// `projects`, or in two projects) is refused rather than one of them silently winning.
    func checkKeysUnique() throws {
        var seen = Set<String>()
        for (where_, secret) in apiKeys.map({ ("apiKeys", $0) }) + projects.flatMap({ p in p.keys.map { ("projects.\(p.id)", $0.secret) } }) {
            guard seen.insert(secret).inserted else { throw Problem(key: where_, message: "a key is configured twice") }
        }
    }

    /// An origin is `*` or `scheme://host[:port]`, compared exactly with a browser's `Origin`.
    /// Each entry an IP address or CIDR block (`ProxyTrust`).
    static func checkedProxies(_ entries: [String], key: String) throws -> [String] {
        do { _ = try ProxyTrust(entries) } catch let e as ProxyTrust.Invalid { throw Problem(key: key, message: e.description) }
        return entries
    }

    static func checkedOrigins(_ origins: [String], key: String) throws -> [String] {
        for o in origins where o != "*" {
            let lower = o.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), !o.hasSuffix("/"),
                  o.split(separator: "/", omittingEmptySubsequences: false).count == 3 else {
                throw Problem(key: key, message: "\"\(o)\" must be * or an origin such as https://app.example.com (no path)")
            }
        }
        return origins
    }

    /// `http(s)://host[:port][/prefix]`, no trailing slash, query or fragment: links are this
    /// followed by `/v1/…`.
    static func checkedPublicURL(_ value: String, key: String) throws -> String {
        guard let c = URLComponents(string: value), ["http", "https"].contains(c.scheme?.lowercased() ?? ""), c.host?.isEmpty == false,
              c.query == nil, c.fragment == nil, !value.hasSuffix("/") else {
            throw Problem(key: key, message: "\"\(value)\" must be an http(s) URL such as https://reel.example.com, without a trailing slash")
        }
        return value
    }

    static func checkedSecret(_ secret: String, key: String) throws -> String {
        guard secret.utf8.count >= 16 else { throw Problem(key: key, message: "must be at least 16 bytes long") }
        if isPlaceholder(secret) { throw Problem(key: key, message: "is a placeholder (\(placeholderWords)): " + placeholderAdvice) }
        return secret
    }

    /// 0 (off) or 100 µs to 100 ms: shorter wake-ups would cost more than the latency they save.
    static func checkedTick(_ micros: Int, key: String) throws -> Int {
        guard micros == 0 || micros >= 100 else { throw Problem(key: key, message: "must be 0 (off) or 100 to 100000 microseconds") }
        return micros
    }

    /// `auto`, `required` or `off` (`SandboxMode`); `required` only where the kernel filters system
    /// calls, so a server that must be sandboxed refuses to start rather than run without it.
    static func checkedSandbox(_ value: String, key: String) throws -> SandboxMode {
        guard let mode = SandboxMode(rawValue: value) else { throw Problem(key: key, message: "must be auto, required or off") }
        if mode == .required && !RenderIsolation.canSandbox {
            throw Problem(key: key, message: "is required, but this kernel has no seccomp filter for the render processes")
        }
        return mode
    }

    /// `sqlite` (or empty) for the embedded store in `dataDir`, else a `postgres://` or
    /// `postgresql://` URL (libpq's syntax, with its query parameters such as `sslmode`).
    static func checkedDatabase(_ value: String, key: String) throws -> String? {
        if value.isEmpty || value == "sqlite" { return nil }
        let lower = value.lowercased()
        guard lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") else {
            throw Problem(key: key, message: "must be \"sqlite\" or a PostgreSQL URL such as postgres://reel@db.internal/reel")
        }
        return value
    }
}
