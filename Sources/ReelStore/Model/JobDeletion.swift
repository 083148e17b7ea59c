/// What `deleteJob` did.
public enum JobDeletion: Sendable, Equatable {
    /// The job is gone. `output` is the file (or folder) the caller removes, if it had one;
    /// `wasRunning`: a worker was rendering it, and stops at its next heartbeat (its lease is
    /// gone with the row), leaving nothing behind.
    case deleted(output: String?, wasRunning: Bool)
    case notFound
}
