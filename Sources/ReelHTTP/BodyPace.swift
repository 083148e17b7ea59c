/// When a request body being read is too slow to keep waiting for: no byte for `idleTimeout`, or,
/// with `minBodyBytesPerSecond` set, fewer bytes than that rate over a `bodyRateWindow`. The event
/// loop's deadline sweep judges it at `nextCheck`, not the arrival of bytes: a body that never
/// starts (a declared length, or `100 Continue`, with nothing after) or stops part-way delivers
/// no byte that could trigger a check, and would otherwise hold its connection until the idle limit.
final class BodyPace {
    private let stallLimit: UInt64
    private let stallSeconds: Double
    private let minimumBytesPerSecond: Int
    private let windowLength: UInt64
    private var lastProgress: UInt64
    private var windowStart: UInt64
    private var windowBytes = 0

    init(configuration: HTTPServerConfiguration, now: UInt64) {
        stallSeconds = configuration.idleTimeout
        stallLimit = MonotonicClock.nanoseconds(configuration.idleTimeout)
        minimumBytesPerSecond = configuration.minBodyBytesPerSecond
        windowLength = MonotonicClock.nanoseconds(configuration.bodyRateWindow)
        lastProgress = now
        windowStart = now
    }

    /// The next moment `judge` may refuse the body: the stall limit, or the current rate window's
    /// end when that comes first.
    var nextCheck: UInt64 {
        let stall = lastProgress &+ stallLimit
        return minimumBytesPerSecond > 0 ? min(stall, windowStart &+ windowLength) : stall
    }

    /// `bytes` of the body arrived at `now`.
    func received(_ bytes: Int, now: UInt64) {
        guard bytes > 0 else { return }
        lastProgress = now
        windowBytes += bytes
    }

    /// The 408 for a body that stalled, or that came slower than the minimum over a window that has
    /// passed; nil otherwise, and a passed window the body kept pace over gives way to the next.
    func judge(now: UInt64) -> RequestError? {
        if now >= lastProgress &+ stallLimit {
            return RequestError(408, "the request body stalled for \(stallSeconds) s")
        }
        guard minimumBytesPerSecond > 0, now >= windowStart &+ windowLength else { return nil }
        let seconds = Double(now &- windowStart) / 1e9
        let rate = Double(windowBytes) / seconds
        guard rate >= Double(minimumBytesPerSecond) else {
            return RequestError(408, "the request body arrived at \(Int(rate)) bytes a second over \(Int(seconds.rounded())) s, "
                                   + "below the \(minimumBytesPerSecond) the server requires")
        }
        windowStart = now
        windowBytes = 0
        return nil
    }
}
