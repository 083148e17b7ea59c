/// Batches of jobs (docs/API.md (batches)): created all or none, read as one, cancelled and deleted as one.
public protocol BatchStore: AnyObject, Sendable {
    /// Creates every job of `sub` in one transaction (the idempotency key, the key's queued limit
    /// and every job's uploads checked in it), or none.
    func submitBatch(_ sub: BatchSubmission) throws -> BatchResult
    /// The batch of `keyID`; nil when there is none (or it is another key's).
    func batch(_ id: String, keyID: String) throws -> Batch?
    /// How the batch's jobs stand now.
    func batchProgress(_ id: String) throws -> BatchProgress
    /// Cancels every unfinished job of the batch in one transaction (as `cancel` does each); nil
    /// when the key has no such batch.
    func cancelBatch(_ id: String, keyID: String) throws -> [CancelResult]?
    /// Deletes the batch and every job of it in one transaction (as `deleteJob` does each), and
    /// answers the outputs to remove; nil when the key has no such batch.
    func deleteBatch(_ id: String, keyID: String) throws -> [JobDeletion]?
}
