/// Jobs submitted together (`POST /v1/batches`), created in one transaction: the batch keeps how
/// many it made; its jobs carry its id (`Job.batchID`).
public struct Batch: Sendable, Equatable {
    public var id: String
    public var keyID: String
    /// How many jobs it was created with (deleting one of them does not change it).
    public var jobs: Int
    public var idempotencyKey: String?
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// Where the `batch` event is POSTed once every job of it has ended.
    public var webhookURL: String? = nil
}

/// A batch's jobs as they stand: counts by status, the sum of their progress (a finished job
/// counts 1), when the first of them started, and their ids in the order they were submitted.
public struct BatchProgress: Sendable, Equatable {
    public var counts: [Job.Status: Int]
    public var progressSum: Double
    public var firstStart: Int64?
    public var jobIDs: [String]
}

/// Jobs to create together, all or none.
public struct BatchSubmission: Sendable {
    public var keyID: String
    public var bodyHash: String
    public var idempotencyKey: String?
    /// In order; their `keyID` and `batchID` are the batch's.
    public var jobs: [JobSubmission]
    /// At most this many of the key's jobs may be queued, the batch's included; nil: no limit.
    public var queuedLimit: Int?
    /// Where the `batch` event goes once every job has ended.
    public var webhookURL: String?

    public init(keyID: String, bodyHash: String, idempotencyKey: String?, jobs: [JobSubmission], queuedLimit: Int?,
                webhookURL: String? = nil) {
        self.webhookURL = webhookURL
        self.keyID = keyID
        self.bodyHash = bodyHash
        self.idempotencyKey = idempotencyKey
        self.jobs = jobs
        self.queuedLimit = queuedLimit
    }
}

/// What `submitBatch` did.
public enum BatchResult: Sendable {
    case created(Batch, jobIDs: [String])
    /// The same idempotency key and body were submitted before: that batch.
    case existing(Batch, jobIDs: [String])
    /// The idempotency key was used before with a different body.
    case conflict(Batch)
    /// As `SubmitResult.overQuota`, for the whole batch; nothing was created.
    case overQuota(queued: Int, retryAfter: Int)
    /// Job `index` names uploads that are gone; nothing was created.
    case assetsMissing(index: Int, [String])
}
