/// One event of one job on its way to a webhook: the body is fixed when the event happens, and every
/// attempt sends it with the same `id` (`Reel-Delivery`).
public struct WebhookDelivery: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        /// Not delivered yet; the next attempt is at `nextAttemptAt`.
        case pending
        /// A 2xx answer came.
        case delivered
        /// The retry schedule ended (or the URL is no longer allowed) without a 2xx.
        case failed
    }

    public var id: String
    public var jobID: String
    public var event: String
    public var url: String
    /// The job's JSON at the moment of the event.
    public var body: String
    public var status: Status
    public var attempts: Int
    /// The HTTP status of the last attempt; nil when it got no answer.
    public var lastStatus: Int?
    public var lastError: String?
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var nextAttemptAt: Int64?
    public var lastAttemptAt: Int64?
    public var finishedAt: Int64?
}
