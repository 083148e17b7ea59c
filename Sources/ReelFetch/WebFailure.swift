/// Why a URL a user gave could not be fetched, in the terms the API answers with: `refused` (never
/// reachable: an address Reel may not connect to, a scheme, too many redirects, too large: a 422 or a
/// failed job), `answered` (the server said 4xx: a 422 naming the status), `unavailable` (a timeout,
/// a refused connection, a 5xx, a name that does not resolve yet: a 503 with Retry-After at submit,
/// a retried attempt once queued).
public struct WebFailure: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case refused
        case answered(status: Int)
        case unavailable
    }

    public let kind: Kind
    /// A phrase that completes "source … ": "resolves to a private address".
    public let reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// Worth trying again later.
    public var isTransient: Bool { kind == .unavailable }

    public var description: String { reason }
}
