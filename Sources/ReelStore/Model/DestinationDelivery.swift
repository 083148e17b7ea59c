/// One destination of one job, as claimed for an attempt: which job, which of its destinations, and
/// when the job succeeded (the retry schedule counts from then).
public struct DestinationDelivery: Sendable, Equatable {
    public var jobID: String
    /// Its place in the job's `output.destinations`.
    public var index: Int
    public var destination: OutputDestination
    /// Milliseconds since 1970.
    public var createdAt: Int64
}
