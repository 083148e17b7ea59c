/// What `submit` did.
public enum SubmitResult: Sendable {
    case created(Job)
    /// The same idempotency key and body were submitted before: the original job.
    case existing(Job)
    /// The idempotency key was used before with a different body.
    case conflict(Job)
    /// The key already has `active` jobs queued or running, its limit; `soonestETA` is the
    /// smallest ETA (seconds) among its running jobs, when one is known.
    case overQuota(active: Int, soonestETA: Double?)
    /// These uploads named by the spec were deleted (or never belonged to the key) meanwhile.
    case assetsMissing([String])
}
