/// A request S3 answered with an error, with the service's own code (`NoSuchKey`, `SlowDown`, …) as
/// its XML body gives it, or a failure to reach the service at all.
public struct S3Error: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        case accessDenied, noSuchBucket, noSuchKey, noSuchUpload, throttled, server, transport, other
    }

    /// The HTTP status; 0 when no answer came.
    public let status: Int
    /// S3's error code; empty when the answer had none (a HEAD, or no answer).
    public let code: String
    public let message: String
    /// What was asked: `PUT bucket/key`.
    public let request: String

    public var kind: Kind {
        switch code {
        case "AccessDenied", "SignatureDoesNotMatch", "InvalidAccessKeyId", "ExpiredToken": return .accessDenied
        case "NoSuchBucket": return .noSuchBucket
        case "NoSuchKey": return .noSuchKey
        case "NoSuchUpload": return .noSuchUpload
        case "SlowDown", "Throttling", "RequestLimitExceeded": return .throttled
        default: break
        }
        if status == 0 { return .transport }
        if status == 403 { return .accessDenied }
        if status == 404 { return .noSuchKey }
        if status == 503 || status == 429 { return .throttled }
        if status >= 500 { return .server }
        return .other
    }

    /// Worth trying again after a pause: throttling, a server error, a dropped connection.
    public var isTransient: Bool { [.throttled, .server, .transport].contains(kind) }

    public var description: String {
        "\(request): " + (status == 0 ? message : "HTTP \(status)\(code.isEmpty ? "" : " \(code)")\(message.isEmpty ? "" : ": \(message)")")
    }
}
