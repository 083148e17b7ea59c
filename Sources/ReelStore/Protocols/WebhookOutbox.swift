/// Webhook deliveries written with the job changes they announce, claimed and sent by any node.
public protocol WebhookOutbox: AnyObject, Sendable {
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
    /// How many deliveries are in each status (`pending` is the backlog, `failed` the given up).
    func deliveryCounts() throws -> [String: Int]
}
