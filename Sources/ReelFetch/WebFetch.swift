import Foundation

/// GETs a URL a user gave into a local file, safely: only `http` and `https`, no credentials in
/// the URL, every hop's host resolved once and checked (`HostResolver`) and connected to at exactly
/// the addresses checked, redirects followed by hand up to `maxRedirects` (each hop checked the
/// same way), the body held to `maxBytes` and the whole exchange to `maxSeconds`, TLS certificates
/// verified. With the validators of an earlier copy, a `304` says the copy is still good.
public struct WebFetch: Sendable {
    public let resolver: HostResolver
    public var maxBytes: Int64
    public var maxSeconds: Int
    public var maxRedirects = 5

    public init(resolver: HostResolver, maxBytes: Int64, maxSeconds: Int) {
        self.resolver = resolver
        self.maxBytes = maxBytes
        self.maxSeconds = maxSeconds
    }

    /// What identifies a version of a URL's body (`ETag`, `Last-Modified`).
    public struct Validators: Sendable, Equatable, Codable {
        public var etag: String?
        public var lastModified: String?

        public init(etag: String? = nil, lastModified: String? = nil) {
            self.etag = etag
            self.lastModified = lastModified
        }

        var isEmpty: Bool { etag == nil && lastModified == nil }
    }

    public enum Outcome: Sendable, Equatable {
        /// The body is in the file; these validators identify it.
        case fetched(Validators)
        /// The earlier copy is current (`304`); the file holds nothing of use.
        case notModified
    }

    /// Fetches `url` into the file at `path` (created or truncated), asking for a new body only
    /// when it differs from `known`.
    /// `progress` is told the bytes received so far and the total when the server says it.
    public func get(_ url: String, to path: String, known: Validators? = nil,
                    progress: (@Sendable (_ received: Int64, _ total: Int64) -> Void)? = nil) throws(WebFailure) -> Outcome {
        var current = url
        var hops = 0
        let started = Date()
        while true {
            let target = try Self.target(current)
            let pin = Self.pin(target, try resolver.addresses(target.host))
            let allow = resolver.allowance(for: target.host)
            var headers: [(String, String)] = [("User-Agent", "Reel/1"), ("Accept-Encoding", "identity")]
            if let etag = known?.etag { headers.append(("If-None-Match", etag)) }
            if let modified = known?.lastModified { headers.append(("If-Modified-Since", modified)) }
            let left = maxSeconds - Int(Date().timeIntervalSince(started))
            guard left > 0 else { throw WebFailure(.unavailable, "took longer than \(maxSeconds) s (limits.sourceSeconds)") }
            let answer: CurlEasy.Answer
            do {
                answer = try CurlEasy().perform(method: "GET", url: current, headers: headers, body: .none, sink: .file(path: path),
                                                limits: .init(connectTo: [pin], protocols: "http,https", maxBytes: maxBytes, totalSeconds: left,
                                                              allowAddress: allow, progress: progress)).0
            } catch let e as CurlEasy.TransportError {
                throw Self.failure(e, host: target.host, maxBytes: maxBytes, maxSeconds: maxSeconds)
            } catch {
                throw WebFailure(.unavailable, "could not be fetched: \(error)")
            }
            switch answer.status {
            case 200..<300:
                return .fetched(Validators(etag: answer.headers["etag"], lastModified: answer.headers["last-modified"]))
            case 304 where !(known?.isEmpty ?? true):  // only a conditional GET may be answered "not modified"
                return .notModified
            case 301, 302, 303, 307, 308:
                guard let location = answer.headers["location"], let next = URL(string: location, relativeTo: URL(string: current)) else {
                    throw WebFailure(.refused, "answers HTTP \(answer.status) without a usable Location")
                }
                hops += 1
                guard hops <= maxRedirects else { throw WebFailure(.refused, "redirects more than \(maxRedirects) times") }
                current = next.absoluteString
            case 400..<500:
                throw WebFailure(.answered(status: answer.status), "answers HTTP \(answer.status)")
            default:
                throw WebFailure(.unavailable, "answers HTTP \(answer.status)")
            }
        }
    }

    /// POSTs `body` to `url` once, with the same checks as `get` but no redirect followed (a 3xx
    /// is an answer like any other), within `seconds`; `cancelled` aborts it. Returns the status.
    public func post(_ url: String, headers: [(String, String)], body: [UInt8], seconds: Int,
                     cancelled: (@Sendable () -> Bool)? = nil) throws(WebFailure) -> Int {
        let target = try Self.target(url)
        let pin = Self.pin(target, try resolver.addresses(target.host))
        do {
            return try CurlEasy().perform(method: "POST", url: url, headers: headers, body: .bytes(body), sink: .discard,
                                          limits: .init(connectTo: [pin], protocols: "http,https", totalSeconds: seconds,
                                                        cancelled: cancelled, allowAddress: resolver.allowance(for: target.host))).0.status
        } catch let e as CurlEasy.TransportError {
            if e.code == CurlEasy.TransportError.refusedAddress { throw WebFailure(.refused, "is on host \(target.host), which leads to an address Reel may not reach") }
            if e.code == 28 { throw WebFailure(.unavailable, "no answer within \(seconds) s") }
            if e.code == 42 { throw WebFailure(.unavailable, "cancelled") }
            throw WebFailure(.unavailable, e.message)
        } catch {
            throw WebFailure(.unavailable, "\(error)")
        }
    }

    /// Why `url` could never be reached, or nil: its shape, scheme and credentials, and where its
    /// host resolves now (a host that cannot be looked up now is not refused: it may come back).
    public func refusal(_ url: String) -> String? {
        do {
            _ = try resolver.addresses(try Self.target(url).host)
            return nil
        } catch {
            return error.isTransient ? nil : error.reason
        }
    }

    /// curl's `CURLOPT_RESOLVE` entry: this host and port go to exactly these addresses.
    static func pin(_ target: (host: String, port: Int), _ addresses: [IPAddress]) -> String {
        "\(target.host):\(target.port):" + addresses.map { a in
            if case .v6 = a { return "[\(a)]" } else { return a.description }
        }.joined(separator: ",")
    }

    /// The scheme, host and port of a URL Reel may try, or why not.
    static func target(_ url: String) throws(WebFailure) -> (host: String, port: Int) {
        guard let c = URLComponents(string: url), let scheme = c.scheme?.lowercased() else { throw WebFailure(.refused, "is not a valid http(s) URL") }
        guard scheme == "http" || scheme == "https" else { throw WebFailure(.refused, "leads to a \(scheme): URL; only http and https are read") }
        guard let host = c.host, !host.isEmpty else { throw WebFailure(.refused, "is not a valid http(s) URL") }
        guard c.user == nil, c.password == nil else { throw WebFailure(.refused, "carries credentials in the URL") }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return (bare.lowercased(), c.port ?? (scheme == "https" ? 443 : 80))
    }

    static func failure(_ e: CurlEasy.TransportError, host: String, maxBytes: Int64, maxSeconds: Int) -> WebFailure {
        if e.code == CurlEasy.TransportError.refusedAddress {
            return WebFailure(.refused, "is on host \(host), which leads to an address Reel may not reach")
        }
        if e.message.hasPrefix("the answer is larger than") || e.code == 63 /* CURLE_FILESIZE_EXCEEDED */ {
            return WebFailure(.refused, "is larger than \(maxBytes) bytes (limits.sourceBytes)")
        }
        if e.code == 28 /* CURLE_OPERATION_TIMEDOUT */ { return WebFailure(.unavailable, "timed out (limits.sourceSeconds is \(maxSeconds) s)") }
        if e.code == 1 /* CURLE_UNSUPPORTED_PROTOCOL */ { return WebFailure(.refused, "uses a scheme Reel does not read") }
        if [51, 60, 35].contains(e.code) /* TLS: peer certificate, CA, handshake */ {
            return WebFailure(.refused, "has a TLS certificate that cannot be verified (\(e.message))")
        }
        return WebFailure(.unavailable, "could not be fetched: \(e.message)")
    }
}
