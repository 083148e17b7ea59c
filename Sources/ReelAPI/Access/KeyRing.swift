import Crypto
import Foundation
import ReelHTTP
import ReelBasics
import ReelSpec
import ReelStore
import Synchronization

/// The server's API keys. The configured ones (`apiKeys`, each its own project, and `projects`)
/// are registered in the store at start; keys made through the API are stored there too; all as
/// the SHA-256 of the secret, never the secret. A request's key is looked up in the store (by its
/// hash, so the lookup's timing tells nothing of any secret) every time: a key deleted on one
/// node is refused by the next request on every node, with no copy to go stale.
///
/// The event loop cannot wait for the store, but must decide whether to read a request's body
/// before the request reaches a pool thread: there `bodyVerdict` answers from a non-waiting read
/// (SQLite) or from what this node's pool found lately (`recent`), and a token it has not seen has
/// its body read, up to the limits, before the pool thread looks it up and refuses it. A token
/// found wrong is not read again for a minute.
final class KeyRing: Sendable {
    /// The keys of the configuration, as the store records them.
    let configured: [ConfiguredKey]
    /// No key is configured: the API is open (on loopback, or with `allowUnauthenticated`).
    let isEmpty: Bool
    /// Hashes the pool looked up lately: whether each was a usable key, and when (monotonic ns).
    private let recent = Mutex<[String: (usable: Bool, at: UInt64)]>([:])
    static let recentLimit = 4096
    static let recentNanos: UInt64 = 60_000_000_000

    init(_ config: ServerConfiguration) {
        var keys: [ConfiguredKey] = config.apiKeys.map { secret in
            let hash = Self.hash(secret)
            return ConfiguredKey(id: Self.configuredKeyID(hash: hash), project: Self.ownProject(hash: hash), scope: .full, hash: hash, adopts: hash)
        }
        for project in config.projects {
            keys += project.keys.map { k in
                let hash = Self.hash(k.secret)
                return ConfiguredKey(id: Self.configuredKeyID(hash: hash), project: project.id, scope: k.scope, hash: hash, adopts: hash)
            }
        }
        configured = keys
        isEmpty = keys.isEmpty
    }

    /// What an `Authorization` header proves.
    enum Verdict: Equatable {
        /// A key that is not deleted.
        case key(StoredKey)
        /// No `Authorization: Bearer …` header.
        case missing
        /// A bearer token that is no key, or a deleted one.
        case wrong
        /// Not known without waiting for the store (only `bodyVerdict` answers this).
        case unknown
    }

    /// The store's verdict on the header (a pool thread: it may wait).
    func check(_ authorization: String?, store: any KeyStore) throws -> Verdict {
        guard let token = Self.bearerToken(authorization) else { return .missing }
        let hash = Self.hash(token)
        let verdict = Self.verdict(try store.key(hash: hash))
        remember(hash, verdict)
        return verdict
    }

    /// The verdict from a read that does not wait (SQLite), `.unknown` where it cannot be had.
    func checkWithoutWaiting(_ authorization: String?, reader: (any JobReadsWithoutWaiting)?) -> Verdict {
        guard let token = Self.bearerToken(authorization) else { return .missing }
        guard let reader, let found = try? reader.key(hash: Self.hash(token)) else { return .unknown }
        return Self.verdict(found)
    }

    /// For the event loop deciding whether to read a body: a non-waiting read, else what the pool
    /// found lately; `.unknown` for a token neither can tell.
    func bodyVerdict(_ authorization: String?, reader: (any JobReadsWithoutWaiting)?, now: UInt64) -> Verdict {
        let direct = checkWithoutWaiting(authorization, reader: reader)
        guard direct == .unknown, let token = Self.bearerToken(authorization) else { return direct }
        let hash = Self.hash(token)
        guard let seen = recent.withLock({ $0[hash] }), now &- seen.at < Self.recentNanos else { return .unknown }
        return seen.usable ? .unknown : .wrong
    }

    private static func verdict(_ key: StoredKey?) -> Verdict {
        guard let key, key.deletedAt == nil else { return .wrong }
        return .key(key)
    }

    private func remember(_ hash: String, _ verdict: Verdict) {
        let now = MonotonicClock.now()
        let usable: Bool
        if case .key = verdict { usable = true } else { usable = false }
        recent.withLock { seen in
            if seen.count >= Self.recentLimit { seen = seen.filter { now &- $0.value.at < Self.recentNanos } }
            if seen.count < Self.recentLimit { seen[hash] = (usable, now) }
        }
    }

    /// A secret's SHA-256, lowercase hex: what the store knows of a key.
    static func hash(_ secret: String) -> String { Hex.lowercase(Array(SHA256.hash(data: Array(secret.utf8)))) }

    /// The project of a key of `apiKeys`: named from its hash (every node names it alike; the name
    /// tells nothing of the secret).
    static func ownProject(hash: String) -> String { "prj_" + derived("project", hash) }

    /// A configured key's id, named from its hash the same way; upper-case hex, so it has the
    /// shape of the ULID of a key made through the API (`RoutePattern.isWellFormed`).
    static func configuredKeyID(hash: String) -> String { "key_" + derived("key", hash).uppercased() }

    private static func derived(_ what: String, _ hash: String) -> String {
        String(Hex.lowercase(Array(SHA256.hash(data: Array("reel \(what)\n\(hash)".utf8)))).prefix(26))
    }

    /// A new key's secret: `reel_` and 32 bytes from the system's secure generator (getrandom), in hex.
    static func newSecret() -> String {
        var rng = SystemRandomNumberGenerator()
        return "reel_" + Hex.lowercase((0..<32).map { _ in UInt8.random(in: 0...255, using: &rng) })
    }

    /// How a project shows in logs and metrics ("none" without keys).
    static func logName(_ project: String) -> String { project.isEmpty ? "none" : project }

    /// The token of `Bearer TOKEN` (scheme case-insensitive, RFC 6750 §2.1).
    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
