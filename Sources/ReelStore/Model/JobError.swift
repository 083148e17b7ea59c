/// Why a job failed or stopped.
public struct JobError: Sendable, Equatable {
    /// The reasons a client can act on, as the API and the store spell them.
    public enum Code: String, Sendable, CaseIterable {
        /// The render itself failed (the machine, the encoder, the output).
        case renderFailed = "render_failed"
        /// A source could be read but not decoded (damaged, unsupported).
        case sourceFailed = "source_failed"
        /// A source could not be reached for a reason that may pass (tried again).
        case sourceUnavailable = "source_unavailable"
        /// The spec cannot be rendered as written.
        case invalid
        /// The job's worker was gone too often (its lease ran out after the last attempt).
        case leaseExpired = "lease_expired"
        case canceled
    }

    public var code: Code
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }
}
