/// A render job as stored: the spec as submitted, where it is in its life, and its output.
public struct Job: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        case queued, running, succeeded, failed, canceled

        /// True once the job can no longer change.
        public var isFinished: Bool { self == .succeeded || self == .failed || self == .canceled }
    }

    public var id: String
    public var status: Status
    /// The spec's JSON text exactly as accepted.
    public var spec: String
    public var idempotencyKey: String?
    public var progress: Double
    /// Seconds remaining, estimated from progress so far.
    public var eta: Double?
    public var attempts: Int
    public var maxAttempts: Int
    public var cancelRequested: Bool
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var updatedAt: Int64
    public var startedAt: Int64?
    public var finishedAt: Int64?
    public var error: JobError?
    public var output: JobOutput?
}

/// Why a job failed or stopped.
public struct JobError: Sendable, Equatable {
    /// `render_failed`, `source_failed`, `invalid`, `lease_expired`, `canceled`.
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// A finished job's file.
public struct JobOutput: Sendable, Equatable {
    public var path: String
    public var bytes: Int64
    /// Output duration, exact (`Time.description`: decimal or `N/D` seconds).
    public var duration: String
    public var sha256: String
    public var contentType: String
    /// Deleted by the retention sweep.
    public var expired: Bool

    public init(path: String, bytes: Int64, duration: String, sha256: String, contentType: String, expired: Bool = false) {
        self.path = path
        self.bytes = bytes
        self.duration = duration
        self.sha256 = sha256
        self.contentType = contentType
        self.expired = expired
    }
}
