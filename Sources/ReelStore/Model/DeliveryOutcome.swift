/// How one attempt ended.
public enum DeliveryOutcome: Sendable, Equatable {
    /// A 2xx status.
    case delivered(status: Int)
    /// No 2xx; try again at `next` (ms).
    case retry(DeliveryFailure, next: Int64)
    /// No 2xx, and no more attempts.
    case failed(DeliveryFailure)
}
