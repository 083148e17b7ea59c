/// A write that lost a race with another node's in a way the caller may simply try again (the job
/// under an idempotency key deleted between two reads of it, say): reported as busy.
public struct StoreRaceError: StoreFailure, Sendable {
    public let message: String
    public var description: String { "the store changed under this request: \(message)" }
    public var isBusy: Bool { true }
    public var isFull: Bool { false }
    public var isReadOnly: Bool { false }
    public var isUnavailable: Bool { false }
}
