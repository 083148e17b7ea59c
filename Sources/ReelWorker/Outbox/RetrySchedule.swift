import ReelBasics

/// When a webhook delivery or a destination's copy is tried again: the first retry `base` seconds
/// after the first failed attempt, each later one after twice the previous delay, while the
/// attempt falls within `horizon` of the event (`deliveryRetryHours`, 24 h). With the default 5 s:
/// 5, 10, 20, … 40 960 s, 14 retries, the last about 22.8 h after the event.
public struct RetrySchedule: Sendable {
    public var base: Double = 5
    public var horizon: Double = 24 * 3600

    public init(base: Double = 5, horizon: Double = 24 * 3600) {
        self.base = base
        self.horizon = horizon
    }

    /// The delay (seconds) after failed attempt number `attempt` (1 for the first attempt): the
    /// same doubling as every other retry in Reel (`Backoff`), bounded only by the horizon.
    func delay(afterAttempt attempt: Int) -> Double {
        Backoff(first: base, limit: .infinity).pause(after: attempt)
    }

    /// The time (ms) of the next attempt after failed attempt `attempt` at `now`, or nil when it
    /// would fall beyond the horizon of an event created at `created` (ms).
    func nextAttempt(afterAttempt attempt: Int, now: Int64, created: Int64) -> Int64? {
        let next = now + Int64((delay(afterAttempt: attempt) * 1000).rounded())
        return Double(next - created) <= horizon * 1000 ? next : nil
    }
}
