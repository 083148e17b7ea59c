import Foundation
import ReelBasics

/// The durable job queue as workers and the API see it, one narrow protocol per concern; a caller
/// names the ones it uses. `SQLJobStore` implements them all, once, on SQLite or PostgreSQL.
public typealias JobStore = JobQueue & JobLeases & ChunkQueue & AssetStore & TemplateStore & WebhookOutbox
    & DestinationOutbox & StoreHealth & StoreCoordination & JobChangeFeed & BatchStore & KeyStore & NodeRegistry

extension JobQueue {

    public func submit(spec: String, bodyHash: String, idempotencyKey: String?) throws -> SubmitResult {
        try submit(JobSubmission(spec: spec, bodyHash: bodyHash, idempotencyKey: idempotencyKey))
    }

    public func list(status: Job.Status?, limit: Int, cursor: String?) throws -> (jobs: [Job], nextCursor: String?) {
        try list(keyID: nil, status: status, batchID: nil, metadata: nil, limit: limit, cursor: cursor)
    }

    public func cancel(_ id: String) throws -> CancelResult { try cancel(id, keyID: nil) }
}

extension WebhookOutbox {
    public func deliveries(jobID: String) throws -> [WebhookDelivery] { try deliveries(jobID: jobID, limit: 50) }

    public func pruneDeliveries() throws { try pruneDeliveries(finishedBefore: nil) }
}

extension StoreHealth {
    public func checkWritable() throws { try checkWritable(waitMillis: 1000) }
}

/// `complete` with patience reads the job back, so it needs the queue's reads too.
extension JobLeases where Self: JobQueue {

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
        try complete(id, owner: owner, outputs: [output], patience: patience)
    }

    /// `complete(_:owner:outputs:)`, waiting out a busy database as above.
    @discardableResult
    public func complete(_ id: String, owner: String, outputs: [JobOutput], patience: Double) throws -> Bool {
        var failedOnce = false
        return try Backoff(first: 0.05, limit: 1).run(patience: patience, isPassing: { ($0 as? StoreFailure)?.isTransient ?? false },
                                                      retrying: { _, _ in failedOnce = true }) {
            if try complete(id, owner: owner, outputs: outputs) { return true }
            guard failedOnce, let job = try job(id) else { return false }
            return job.status == .succeeded && job.allOutputs.map(\.path) == outputs.map(\.path)
        }
    }
}
