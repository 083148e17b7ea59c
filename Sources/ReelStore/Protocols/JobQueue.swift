/// Jobs as clients see them: submitted, read, listed, cancelled and deleted, each owned by an API
/// key; another key's job is as absent as a missing one.
public protocol JobQueue: AnyObject, Sendable {
    var maxAttempts: Int { get }
    /// How jobs ended in this process (counted once their change committed).
    var outcomes: JobOutcomes { get }
    func job(_ id: String) throws -> Job?
    func job(_ id: String, keyID: String) throws -> Job?
    /// A reader that fails at once instead of waiting for a lock, for a caller that must not block
    /// (an event loop, which then hands the request on); nil where every read may wait.
    var jobsWithoutWaiting: (any JobReadsWithoutWaiting)? { get }
    /// Jobs newest first, optionally of one status, one key and one batch; `cursor` continues a
    /// previous page.
    func list(keyID: String?, status: Job.Status?, batchID: String?, metadata: MetadataFilter?, limit: Int,
              cursor: String?) throws -> (jobs: [Job], nextCursor: String?)
    /// Jobs per status, for metrics.
    func counts() throws -> [Job.Status: Int]
    /// Queued jobs per key, the most first, for metrics.
    func queuedByKey() throws -> [(key: String, count: Int)]
    /// Stores a validated spec as a queued job. The idempotency key, the key's quota and the
    /// uploads are checked in the same transaction as the insert.
    func submit(_ sub: JobSubmission) throws -> SubmitResult
    /// Cancels a job of `keyID` (nil: of any key).
    func cancel(_ id: String, keyID: String?) throws -> CancelResult
    /// Deletes a job of `keyID` (nil: of any key); a job not finished yet ends as `canceled` first.
    func deleteJob(_ id: String, keyID: String?) throws -> JobDeletion
    /// Marks outputs finished before `cutoff` (ms) as expired and returns their paths for deletion.
    func expireOutputs(finishedBefore cutoff: Int64) throws -> [String]
}

/// `JobQueue.jobsWithoutWaiting`.
public protocol JobReadsWithoutWaiting {
    /// The job of `keyID`; throws at once (busy) rather than wait for another writer's lock.
    func job(_ id: String, keyID: String) throws -> Job?
    /// The key whose secret hashes to `hash` (`KeyStore.key(hash:)`), read the same way.
    func key(hash: String) throws -> StoredKey?
}
