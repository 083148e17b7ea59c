/// A render job as stored: the spec as submitted, where it is in its life, and its output.
public struct Job: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        case queued, running, succeeded, failed, canceled

        /// True once the job can no longer change.
        public var isFinished: Bool { self == .succeeded || self == .failed || self == .canceled }
    }

    public var id: String
    /// The API key that created the job (its SHA-256 hex; "" when the server has no keys).
    public var keyID: String
    /// The template the job was merged from, if any.
    public var templateID: String?
    public var status: Status
    /// The spec's JSON text exactly as accepted.
    public var spec: String
    public var idempotencyKey: String?
    public var progress: Double
    /// Seconds remaining, estimated from progress so far.
    public var eta: Double?
    public var attempts: Int
    public var maxAttempts: Int
    public var cancelRequested: Bool
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var updatedAt: Int64
    public var startedAt: Int64?
    public var finishedAt: Int64?
    public var error: JobError?
    /// The one output of a job with one (`output` in its spec); nil for a job with `outputs`.
    public var output: JobOutput?
    /// The named outputs of a job with `outputs`, in the spec's order; empty for a job with one.
    public var outputs: [JobOutput] = []
    /// Where the job's events are POSTed, from its spec.
    public var webhook: JobWebhook?
    /// How many chunks the job was cut into for chunked rendering (1 when it was not cut).
    public var chunks: Int = 1
    /// The chunk length it was cut at (`ChunkLength`), in seconds; nil when it was not cut.
    public var chunkSeconds: Int? = nil
    /// The spec's `metadata` as compact JSON text, nil when it has none.
    public var metadata: String? = nil
    /// The job's place in the store's order of changes: larger after every change (an events
    /// stream's event id).
    public var changeSeq: Int64 = 0
    /// The priority rank it is claimed by among its key's jobs (0 high, 1 normal, 2 low).
    public var priority: Int = 1
    /// The batch it was submitted in, if any.
    public var batchID: String? = nil

    /// Every output the job has recorded: its one, or its named ones.
    public var allOutputs: [JobOutput] { output.map { [$0] } ?? outputs }
}
