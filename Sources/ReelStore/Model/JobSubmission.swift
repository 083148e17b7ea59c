/// A validated job to queue.
public struct JobSubmission: Sendable {
    public var spec: String
    public var bodyHash: String
    public var idempotencyKey: String?
    /// The API key submitting it ("" without keys).
    public var keyID: String
    /// The ids of the uploads the spec names (`upload:ID`); each must exist and be the key's.
    public var assets: [String]
    /// At most this many of the key's jobs may be queued or running; nil: no limit.
    public var activeLimit: Int?
    public var webhook: JobWebhook?
    public var templateID: String?
    /// The spec's `metadata` as compact JSON text.
    public var metadata: String?

    public init(spec: String, bodyHash: String, idempotencyKey: String? = nil, keyID: String = "", assets: [String] = [],
                activeLimit: Int? = nil, webhook: JobWebhook? = nil, templateID: String? = nil, metadata: String? = nil) {
        self.metadata = metadata
        self.webhook = webhook
        self.templateID = templateID
        self.spec = spec
        self.bodyHash = bodyHash
        self.idempotencyKey = idempotencyKey
        self.keyID = keyID
        self.assets = assets
        self.activeLimit = activeLimit
    }
}
