import Crypto
import Foundation
import ReelSpec

/// The server's bearer keys. A request's key is compared with every configured key in constant
/// time (SHA-256 digests compared byte by byte without stopping early, so neither the position of a
/// first difference nor the key's length shows in the timing). A key is known to the store and the
/// log only by its SHA-256: `keyID` (full hex) owns jobs, assets and templates; `fingerprint`
/// (the first 8 hex digits) is what logs show.
public struct APIKeys: Sendable {
    private let digests: [[UInt8]]

    public init(_ keys: [String]) {
        digests = keys.map { Array(SHA256.hash(data: Array($0.utf8))) }
    }

    /// No keys: the API is open (on loopback, or with `allowUnauthenticated`).
    public var isEmpty: Bool { digests.isEmpty }

    /// Fingerprints of the configured keys, for the start-up log.
    public var fingerprints: [String] { digests.map { String(Hex.lowercase($0).prefix(8)) } }

    /// What an `Authorization` header proves.
    enum Verdict: Equatable {
        /// A configured key: the caller is `keyID`.
        case key(String)
        /// No `Authorization: Bearer …` header.
        case missing
        /// A bearer token that is no configured key.
        case wrong
    }

    func check(_ authorization: String?) -> Verdict {
        guard let token = APIKeys.bearerToken(authorization) else { return .missing }
        let presented = Array(SHA256.hash(data: Array(token.utf8)))
        var match: Int?
        for (i, d) in digests.enumerated() {
            var diff: UInt8 = 0
            for j in 0..<d.count { diff |= d[j] ^ presented[j] }
            if diff == 0 && match == nil { match = i }
        }
        guard let match else { return .wrong }
        return .key(Hex.lowercase(digests[match]))
    }

    /// The first 8 hex digits of a key id, for logs.
    static func fingerprint(ofKeyID id: String) -> String { id.isEmpty ? "none" : String(id.prefix(8)) }

    /// The token of `Bearer TOKEN` (scheme case-insensitive, RFC 6750 §2.1).
    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

}
