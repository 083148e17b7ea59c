import Foundation
import Synchronization

/// How jobs ended (or went round again) in this process, for `/metrics`
/// (`reel_job_outcomes_total{outcome}`): counted where the store commits the change.
public final class JobOutcomes: Sendable {
    public enum Outcome: String, CaseIterable, Sendable {
        /// A render was recorded.
        case succeeded
        /// Failed for good (an error, or attempts used up).
        case failed
        /// Cancelled or deleted before it finished.
        case canceled
        /// Failed in a way that may pass and queued again.
        case retried
        /// Its worker's lease ran out (the process died): claimed again, or failed after the last attempt.
        case leaseExpired = "lease_expired"
    }

    private let counts = Mutex<[Outcome: Int]>([:])

    public init() {}

    func count(_ o: Outcome) { counts.withLock { $0[o, default: 0] += 1 } }

    public var snapshot: [Outcome: Int] { counts.withLock { $0 } }
}
