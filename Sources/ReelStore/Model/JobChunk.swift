/// One chunk of a job cut for chunked rendering: output frames `frames` whose video any worker
/// claims and renders like a job, with a lease and attempts of its own (`JobStore.claimChunk`).
public struct JobChunk: Sendable, Equatable {
    public enum Status: String, Sendable {
        case queued, running, done, failed
    }

    public var jobID: String
    /// The chunk's place in the output, from 0.
    public var index: Int
    /// Output frames [start, end).
    public var frames: Range<Int64>
    public var status: Status
    public var attempts: Int
    /// 0…1 of the chunk's frames, as its worker last reported.
    public var progress: Double
    /// Why its last attempt failed, if it did.
    public var error: String?

    public init(jobID: String, index: Int, frames: Range<Int64>, status: Status, attempts: Int, progress: Double, error: String?) {
        self.jobID = jobID
        self.index = index
        self.frames = frames
        self.status = status
        self.attempts = attempts
        self.progress = progress
        self.error = error
    }
}
