/// Copies of succeeded jobs' outputs to other buckets, recorded with the job's success and claimed
/// by any node, the way webhook deliveries are (`WebhookOutbox`). A job's `succeeded` webhook event
/// is written once its last destination is delivered or has failed.
public protocol DestinationOutbox: AnyObject, Sendable {
    /// Takes up to `limit` due destinations for `claimer`, oldest first; each is not due again for
    /// `leaseMillis` (a claimer that dies mid-copy is retried then, or at once by `releaseDestinations`).
    func claimDestinations(by claimer: String, limit: Int, leaseMillis: Int64) throws -> [DestinationDelivery]
    /// Records an attempt's outcome; the job's last open destination ending writes its `succeeded`
    /// event. A retry or a failure counts only while `claimer` still holds the copy; a delivery
    /// counts whoever made it (the object is there).
    func recordDestination(jobID: String, index: Int, claimer: String, _ outcome: DestinationOutcome) throws
    /// The claimers holding pending destinations now.
    func destinationClaimers() throws -> [String]
    /// Makes the pending destinations of a claimer that is gone due at once.
    func releaseDestinations(claimedBy claimer: String) throws
    /// How many destinations are in each status (`pending` is the backlog, `failed` the given up).
    func destinationCounts() throws -> [String: Int]
}
