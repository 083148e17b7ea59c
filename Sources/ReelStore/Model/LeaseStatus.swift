/// A job's lease as a heartbeat found it, which says what its worker should do next.
public enum LeaseStatus: Sendable, Equatable {
    /// The worker still holds the lease: render on.
    case keepGoing
    /// The user cancelled the job.
    case cancel
    /// The lease was lost (another worker took the job): stop without writing anything.
    case lost
}
