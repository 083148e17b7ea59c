/// One destination of one job, as claimed for an attempt: which job, which of its destinations, and
/// when the job succeeded (the retry schedule counts from then).
public struct DestinationDelivery: Sendable, Equatable {
    public var jobID: String
    /// Its place among the job's destinations: those of `output`, or of every one of `outputs`
    /// in order (`outputName` says whose).
    public var index: Int
    public var destination: OutputDestination
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// The output it copies, among the job's `outputs`; nil for the one `output`.
    public var outputName: String? = nil
}
