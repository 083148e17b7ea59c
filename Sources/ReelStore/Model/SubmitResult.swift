/// What `submit` did.
public enum SubmitResult: Sendable {
    case created(Job)
    /// The same idempotency key and body were submitted before: the original job.
    case existing(Job)
    /// The idempotency key was used before with a different body.
    case conflict(Job)
    /// The key has `queued` jobs waiting, and this submit would take it past its queued limit;
    /// `retryAfter` is the seconds until enough of them should have left the queue, at the rate the
    /// key's jobs have been ending.
    case overQuota(queued: Int, retryAfter: Int)
    /// These uploads named by the spec were deleted (or never belonged to the key) meanwhile.
    case assetsMissing([String])
}
