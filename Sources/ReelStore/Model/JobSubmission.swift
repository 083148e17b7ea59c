/// A validated job to queue.
public struct JobSubmission: Sendable {
    public var spec: String
    public var bodyHash: String
    public var idempotencyKey: String?
    /// The API key submitting it ("" without keys).
    public var keyID: String
    /// The ids of the uploads the spec names (`upload:ID`); each must exist and be the key's.
    public var assets: [String]
    /// At most this many of the key's jobs may be queued; nil: no limit.
    public var queuedLimit: Int?
    /// The spec's priority rank (0 high, 1 normal, 2 low).
    public var priority: Int
    /// The batch the job belongs to (set by `submitBatch`).
    public var batchID: String?
    public var webhook: JobWebhook?
    public var templateID: String?
    /// The spec's `metadata` as compact JSON text.
    public var metadata: String?

    public init(spec: String, bodyHash: String, idempotencyKey: String? = nil, keyID: String = "", assets: [String] = [],
                queuedLimit: Int? = nil, webhook: JobWebhook? = nil, templateID: String? = nil, metadata: String? = nil,
                priority: Int = 1, batchID: String? = nil) {
        self.priority = priority
        self.batchID = batchID
        self.metadata = metadata
        self.webhook = webhook
        self.templateID = templateID
        self.spec = spec
        self.bodyHash = bodyHash
        self.idempotencyKey = idempotencyKey
        self.keyID = keyID
        self.assets = assets
        self.queuedLimit = queuedLimit
    }
}
