/// Why a job failed or stopped.
public struct JobError: Sendable, Equatable {
    /// `render_failed`, `source_failed`, `source_unavailable`, `invalid`, `lease_expired`, `canceled`.
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
