import Glibc

/// Nanoseconds on `CLOCK_MONOTONIC`: deadlines and durations must not jump when the wall clock is
/// adjusted.
public enum MonotonicClock {
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(max(0, ts.tv_sec)) &* 1_000_000_000 &+ UInt64(max(0, ts.tv_nsec))
    }

    /// `seconds` as nanoseconds, clamped to 0…~31 years so conversions never trap.
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        guard seconds < 1e9 else { return 1_000_000_000 * 1_000_000_000 }
        return UInt64(seconds * 1e9)
    }

    /// Milliseconds between two readings, for logs.
    static func milliseconds(from start: UInt64, to end: UInt64) -> Double {
        end > start ? Double(end - start) / 1e6 : 0
    }
}
