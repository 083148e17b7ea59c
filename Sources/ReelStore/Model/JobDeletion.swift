/// What `deleteJob` did.
public enum JobDeletion: Sendable, Equatable {
    /// The job is gone. `outputs` are the files (or folders) the caller removes: its one output's,
    /// or each of its named outputs'; none once expired. `wasRunning`: a worker was rendering it,
    /// and stops at its next heartbeat (its lease is gone with the row), leaving nothing behind.
    case deleted(outputs: [String], wasRunning: Bool)
    case notFound
}
