import Foundation

/// The durable job queue as workers and the API see it: jobs with their leases, attempts,
/// idempotency and cancellation, the uploads' records, templates, and the webhook outbox, each
/// owned by an API key. Two implementations: `SQLiteJobStore` (one file under `dataDir`, the
/// embedded default) and `PostgresJobStore` (one database shared by any number of nodes). Every
/// method is one short transaction, durable when it returns.
///
/// Workers `claim` a job with a lease they renew while rendering (`heartbeat`); a job whose lease
/// runs out (its process died) is claimed again, until `maxAttempts`, then fails with its last error.
public protocol JobStore: AnyObject, Sendable {
    var maxAttempts: Int { get }
    /// How jobs ended in this process (counted once their change committed).
    var outcomes: JobOutcomes { get }

    // MARK: Jobs
    func job(_ id: String) throws -> Job?
    /// The job when it belongs to `keyID`; another key's job is as absent as a missing one.
    func job(_ id: String, keyID: String) throws -> Job?
    /// The job of `keyID` read without waiting for a lock (an error is thrown at once instead),
    /// for a caller that must not block, such as an event loop, which then hands the request on.
    func jobWithoutWaiting(_ id: String, keyID: String) throws -> Job?
    /// Jobs newest first, optionally of one status and one key; `cursor` continues a previous page.
    func list(keyID: String?, status: Job.Status?, limit: Int, cursor: String?) throws -> (jobs: [Job], nextCursor: String?)
    /// Jobs per status, for metrics.
    func counts() throws -> [Job.Status: Int]
    /// Stores a validated spec as a queued job. The idempotency key, the key's quota and the
    /// uploads are checked in the same transaction as the insert.
    func submit(_ sub: JobSubmission) throws -> SubmitResult
    /// Cancels a job of `keyID` (nil: of any key).
    func cancel(_ id: String, keyID: String?) throws -> CancelResult
    /// Deletes a job of `keyID` (nil: of any key); a job not finished yet ends as `canceled` first.
    func deleteJob(_ id: String, keyID: String?) throws -> JobDeletion

    // MARK: Leases
    /// Takes the oldest runnable job for `owner`: a queued one, or a running one whose lease ran
    /// out. A job whose lease ran out after its last attempt fails instead, with the reason.
    func claim(owner: String) throws -> Job?
    /// Renews the lease and records progress (with a `progress` webhook event at most every 5 s).
    func heartbeat(_ id: String, owner: String, progress: Double, eta: Double?) throws -> LeaseStatus
    /// Records success. False when the lease was lost meanwhile (the output is then not recorded).
    @discardableResult func complete(_ id: String, owner: String, output: JobOutput) throws -> Bool
    /// Records a failure; with `retry`, the job is queued again while attempts remain.
    @discardableResult func fail(_ id: String, owner: String, error: JobError, retry: Bool) throws -> Bool
    /// Records that the worker stopped the job because the user cancelled it.
    @discardableResult func markCanceled(_ id: String, owner: String) throws -> Bool
    /// Gives a running job back to the queue without counting the attempt (graceful shutdown).
    func release(_ id: String, owner: String) throws
    /// Marks outputs finished before `cutoff` (ms) as expired and returns their paths for deletion.
    func expireOutputs(finishedBefore cutoff: Int64) throws -> [String]

    // MARK: Chunks (a long job's video rendered by several workers)
    /// Cuts the running job of `owner` into chunks of `frames` (the job's `chunks` becomes their
    /// count) unless an earlier attempt did, and returns the job's chunks; nil when the lease was lost.
    func addChunks(_ jobID: String, owner: String, frames: [Range<Int64>]) throws -> [JobChunk]?
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
    /// Gives a running chunk back without counting the attempt (shutdown, cancellation).
    func releaseChunk(_ jobID: String, index: Int, owner: String) throws

    // MARK: Assets
    func insert(_ a: Asset) throws
    /// The asset, of any key (the workers' view).
    func asset(_ id: String) throws -> Asset?
    /// The asset when it belongs to `keyID`.
    func asset(_ id: String, keyID: String) throws -> Asset?
    /// Deletes an asset of `keyID` unless a queued or running job names it.
    func deleteAsset(_ id: String, keyID: String) throws -> AssetDeletion
    /// Deletes the records of assets uploaded before `cutoff` (ms) that no queued or running job
    /// names, and returns their paths for the caller to remove.
    func expireAssets(createdBefore cutoff: Int64) throws -> [String]

    // MARK: Templates
    func insertTemplate(keyID: String, name: String?, spec: String, placeholders: [String]) throws -> Template
    func template(_ id: String, keyID: String) throws -> Template?
    func listTemplates(keyID: String, limit: Int, cursor: String?) throws -> (templates: [Template], nextCursor: String?)
    func deleteTemplate(_ id: String, keyID: String) throws -> Bool

    // MARK: Webhook outbox
    /// A job's deliveries, oldest first: the last `limit` of them.
    func deliveries(jobID: String, limit: Int) throws -> [WebhookDelivery]
    /// Takes up to `limit` due deliveries for `claimer`, at most one per job and in each job's order.
    func claimDeliveries(by claimer: String, limit: Int, leaseMillis: Int64) throws -> [WebhookDelivery]
    func recordDelivery(_ id: String, _ outcome: DeliveryOutcome) throws
    /// The senders holding pending deliveries now.
    func deliveryClaimers() throws -> [String]
    /// Makes the pending deliveries of a sender that is gone due at once.
    func releaseDeliveries(claimedBy claimer: String) throws
    /// Deletes finished deliveries whose job was deleted or that finished before `cutoff` (ms).
    func pruneDeliveries(finishedBefore cutoff: Int64?) throws

    // MARK: Health and coordination
    /// Whether a write could start now, waiting at most `waitMillis`; throws what a write would meet.
    func checkWritable(waitMillis: Int32) throws
    /// Free bytes on the file system holding the node's data, for readiness; nil when unknown.
    var freeBytes: Int64? { get }
    /// How often an idle worker looks for work without being woken: the store's wake-ups
    /// (`startWakeups`) are the fast path, this is the safety net.
    var idlePollSeconds: Double { get }
    /// Calls `wake` whenever a job may have become claimable (on any node sharing the store),
    /// until `stopWakeups`. A store shared by one process only (SQLite) has nothing to add.
    func startWakeups(_ wake: @escaping @Sendable () -> Void)
    func stopWakeups()
    /// Runs `body` unless another process sharing the store is running a body of the same `name`
    /// right now; false when it was skipped. Retention runs on one node at a time this way.
    @discardableResult func exclusively(_ name: String, _ body: () throws -> Void) throws -> Bool
}

extension JobStore {

    public func submit(spec: String, bodyHash: String, idempotencyKey: String?) throws -> SubmitResult {
        try submit(JobSubmission(spec: spec, bodyHash: bodyHash, idempotencyKey: idempotencyKey))
    }

    public func list(status: Job.Status?, limit: Int, cursor: String?) throws -> (jobs: [Job], nextCursor: String?) {
        try list(keyID: nil, status: status, limit: limit, cursor: cursor)
    }

    public func cancel(_ id: String) throws -> CancelResult { try cancel(id, keyID: nil) }

    public func deliveries(jobID: String) throws -> [WebhookDelivery] { try deliveries(jobID: jobID, limit: 50) }

    public func pruneDeliveries() throws { try pruneDeliveries(finishedBefore: nil) }

    public func checkWritable() throws { try checkWritable(waitMillis: 1000) }

    /// Records success like `complete`, but waits out a busy or unreachable database (a writer
    /// holding SQLite's lock, PostgreSQL restarting) for up to `patience` seconds, trying again with
    /// growing pauses, so a finished render is recorded instead of being rendered again. Other
    /// errors, and transient ones past the patience, are thrown.
    ///
    /// A try that failed with the connection may still have committed (PostgreSQL answered COMMIT,
    /// the reply was lost): then the next try finds no running job of this owner, and the job is
    /// read back, so a success already recorded with this output counts as done rather than lost.
    @discardableResult
    public func complete(_ id: String, owner: String, output: JobOutput, patience: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        var pause = 0.05
        var failedOnce = false
        while true {
            do {
                if try complete(id, owner: owner, output: output) { return true }
                guard failedOnce, let job = try job(id) else { return false }
                return job.status == .succeeded && job.output?.path == output.path
            } catch let e as StoreFailure where e.isTransient && Date().addingTimeInterval(pause) < deadline {
                failedOnce = true
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 1)
            }
        }
    }
}
