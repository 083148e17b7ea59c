/// Why one webhook attempt did not deliver; the delivery history shows its description as
/// `lastError`, and `status` as `lastStatus`.
public enum DeliveryFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The receiver answered, but not with a 2xx (a redirect included: none is followed).
    case answered(status: Int)
    /// No answer within the client's time limit (seconds).
    case timedOut(seconds: Int)
    /// The exchange failed before an answer: a refused connection, DNS, TLS… in the client's words.
    case transport(String)
    /// The delivery cannot be sent at all, now or later: no secret to sign with, or a URL this
    /// configuration does not allow (the reason).
    case refused(String)

    /// The HTTP status of the answer, if one came.
    public var status: Int? {
        if case .answered(let s) = self { return s }
        return nil
    }

    public var description: String {
        switch self {
        case .answered(let status): return "answered HTTP \(status)"
        case .timedOut(let seconds): return "no answer within \(seconds) s"
        case .transport(let message): return message
        case .refused(let why): return why
        }
    }
}
