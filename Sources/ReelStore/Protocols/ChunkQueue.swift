/// A long job's video cut into chunks that any worker on any node renders, each with a lease and
/// attempts of its own.
public protocol ChunkQueue: AnyObject, Sendable {
    /// Cuts the running job of `owner` into chunks of `frames`, `seconds` long each (the job's
    /// `chunks` becomes their count, its `chunkSeconds` the length) unless an earlier attempt did,
    /// and returns the job's chunks; nil when the lease was lost.
    func addChunks(_ jobID: String, owner: String, frames: [Range<Int64>], seconds: Int) throws -> [JobChunk]?
    /// The job's chunks in order (none when it was not cut).
    func chunks(of jobID: String) throws -> [JobChunk]
    /// Takes a chunk for `owner` (of job `jobID` only, when given): a queued one, or a running one
    /// whose lease ran out, of a running job not being cancelled, oldest job first. A chunk whose
    /// lease ran out after its last attempt fails instead.
    func claimChunk(owner: String, jobID: String?) throws -> JobChunk?
    /// Renews a chunk's lease and records its progress: `.cancel` once its job is cancelled or no
    /// longer running, `.lost` when another worker took the chunk.
    func heartbeatChunk(_ jobID: String, index: Int, owner: String, progress: Double) throws -> LeaseStatus
    /// Ends a chunk's attempt: done without `error`; with one, queued again while attempts remain
    /// and `retry`, else failed. False when the lease was lost meanwhile.
    @discardableResult func finishChunk(_ jobID: String, index: Int, owner: String, error: String?, retry: Bool) throws -> Bool
    /// Queues done chunks of `owner`'s running job again, as never tried, because their pieces are
    /// gone; false when the lease was lost.
    @discardableResult func requeueChunks(_ jobID: String, owner: String, indices: [Int]) throws -> Bool
    /// Gives a running chunk back without counting the attempt (shutdown, cancellation).
    func releaseChunk(_ jobID: String, index: Int, owner: String) throws
}
