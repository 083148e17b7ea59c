/// A point or span on a timeline as an exact rational number of seconds: `value / timescale`.
///
/// Reel never carries time as a floating-point number: a trim must land on the exact source frame and
/// audio on the exact sample, which binary fractions cannot promise (`0.1` has no exact Double). This
/// mirrors AVFoundation's `CMTime` (Int64 value, Int32 timescale). Values are kept reduced, so two
/// equal times compare equal whatever timescale they were written with.
public struct Time: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Numerator, in units of `1/timescale` seconds.
    public let value: Int64
    /// Denominator; always positive.
    public let timescale: Int32

    /// Builds `value/timescale` seconds, reduced. `timescale` must be positive.
    public init(value: Int64, timescale: Int32) {
        precondition(timescale > 0, "Time needs a positive timescale")
        let g = Time.gcd(value.magnitude, UInt64(timescale))
        if g > 1 {
            self.value = value / Int64(g)
            self.timescale = Int32(UInt64(timescale) / g)
        } else {
            self.value = value
            self.timescale = timescale
        }
    }

    /// Whole seconds.
    public init(seconds: Int64) { self.init(value: seconds, timescale: 1) }

    public static let zero = Time(value: 0, timescale: 1)

    /// Builds a time from a 128-bit fraction, which must fit once reduced; nil when it does not.
    public static func exact(_ num: Int128, _ den: Int128) -> Time? {
        precondition(den != 0)
        var n = num, d = den
        if d < 0 { n = -n; d = -d }
        let g = Int128(gcd128(n.magnitude, d.magnitude))
        if g > 1 { n /= g; d /= g }
        guard let v = Int64(exactly: n), let s = Int32(exactly: d) else { return nil }
        return Time(value: v, timescale: s)
    }

    /// Builds a time from a 128-bit fraction, rounding to the nearest tick of `fallbackTimescale`
    /// when the exact result does not fit. Used only where two unrelated timescales meet and their
    /// least common multiple overflows Int32 (as CMTime does, it falls back to a fine timescale).
    public static func fitting(_ num: Int128, _ den: Int128, fallbackTimescale: Int32) -> Time {
        if let t = exact(num, den) { return t }
        let scaled = Time.divide(num * Int128(fallbackTimescale), den, rounding: .nearest)
        return Time(value: Int64(clamping: scaled), timescale: fallbackTimescale)
    }

    public var isNegative: Bool { value < 0 }
    public var isPositive: Bool { value > 0 }
    public var isZero: Bool { value == 0 }

    /// The value expressed in ticks of another timescale, rounded as asked.
    public func ticks(in scale: Int64, rounding: Rounding = .down) -> Int64 {
        Int64(clamping: Time.divide(Int128(value) * Int128(scale), Int128(timescale), rounding: rounding))
    }

    /// The value in units of a rational time base `num/den` seconds (for FFmpeg's AVRational).
    public func ticks(timeBaseNum num: Int32, den: Int32, rounding: Rounding = .nearest) -> Int64 {
        Int64(clamping: Time.divide(Int128(value) * Int128(den), Int128(timescale) * Int128(num), rounding: rounding))
    }

    /// A time from `ticks` of a rational time base `num/den` seconds (FFmpeg's AVRational).
    public static func fromTicks(_ ticks: Int64, timeBaseNum num: Int32, den: Int32) -> Time {
        fitting(Int128(ticks) * Int128(num), Int128(den), fallbackTimescale: 1_000_000_000)
    }

    /// Seconds as a Double, for display and JSON output only; never for render arithmetic.
    public var approximateSeconds: Double { Double(value) / Double(timescale) }

    public enum Rounding: Sendable { case down, up, nearest }

    public static func divide(_ n: Int128, _ d: Int128, rounding: Rounding) -> Int128 {
        precondition(d > 0)
        var q = n / d
        let r = n % d
        if r == 0 { return q }
        switch rounding {
        case .down: if n < 0 { q -= 1 }
        case .up: if n > 0 { q += 1 }
        case .nearest:
            let twice = r.magnitude * 2
            if twice >= d.magnitude { q += n < 0 ? -1 : 1 }
        }
        return q
    }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var a = a, b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    static func gcd128(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var a = a, b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : a
    }

    public static func + (a: Time, b: Time) -> Time {
        fitting(Int128(a.value) * Int128(b.timescale) + Int128(b.value) * Int128(a.timescale),
                Int128(a.timescale) * Int128(b.timescale), fallbackTimescale: 1_000_000_000)
    }

    public static func - (a: Time, b: Time) -> Time {
        fitting(Int128(a.value) * Int128(b.timescale) - Int128(b.value) * Int128(a.timescale),
                Int128(a.timescale) * Int128(b.timescale), fallbackTimescale: 1_000_000_000)
    }

    public static prefix func - (a: Time) -> Time { Time(value: -a.value, timescale: a.timescale) }

    public static func * (a: Time, k: Int64) -> Time {
        fitting(Int128(a.value) * Int128(k), Int128(a.timescale), fallbackTimescale: 1_000_000_000)
    }

    /// Scales a time by a rational factor (for playback speed).
    public func scaled(by r: Rational) -> Time {
        Time.fitting(Int128(value) * Int128(r.numerator), Int128(timescale) * Int128(r.denominator),
                     fallbackTimescale: 1_000_000_000)
    }

    /// How long this much source lasts when played at `speed` (a duration divided by the speed).
    public func played(at speed: Rational) -> Time {
        speed == Rational(1) ? self : scaled(by: Rational(speed.denominator, speed.numerator))
    }

    public static func < (a: Time, b: Time) -> Bool {
        Int128(a.value) * Int128(b.timescale) < Int128(b.value) * Int128(a.timescale)
    }

    public static func == (a: Time, b: Time) -> Bool {
        a.value == b.value && a.timescale == b.timescale
    }

    public static func min(_ a: Time, _ b: Time) -> Time { a < b ? a : b }
    public static func max(_ a: Time, _ b: Time) -> Time { a < b ? b : a }

    /// Decimal text for people and JSON: exact when the timescale divides a power of ten,
    /// otherwise the `N/D` form the spec also accepts.
    public var description: String {
        if timescale == 1 { return String(value) }
        // Exact decimal iff the timescale has only the prime factors 2 and 5.
        var t = Int128(timescale), twos = 0, fives = 0
        while t % 2 == 0 { t /= 2; twos += 1 }
        while t % 5 == 0 { t /= 5; fives += 1 }
        guard t == 1 else { return "\(value)/\(timescale)" }
        let digits = Swift.max(twos, fives)
        var pow10: Int128 = 1
        for _ in 0..<digits { pow10 *= 10 }
        // Whole part and fraction separately: the fraction's numerator stays below 10^digits.
        let negative = value < 0
        let mag = UInt128(value.magnitude), scale = UInt128(UInt32(timescale))
        let whole = mag / scale
        var frac = String((mag % scale) * (UInt128(pow10) / scale))
        while frac.count < digits { frac = "0" + frac }
        return (negative ? "-" : "") + "\(whole).\(frac)"
    }
}
