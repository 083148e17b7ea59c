/// An exact positive-or-zero ratio, used for frame rates and playback speed where a Double would
/// drift (29.97 fps is `30000/1001`, and frame N's time must be exactly `N·1001/30000`).
public struct Rational: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let numerator: Int64
    public let denominator: Int64

    /// Builds `numerator/denominator`, reduced; `denominator` must be positive.
    public init(_ numerator: Int64, _ denominator: Int64 = 1) {
        precondition(denominator > 0, "Rational needs a positive denominator")
        let g = Int64(Time.gcd(numerator.magnitude, UInt64(denominator)))
        let g1 = g == 0 ? 1 : g
        self.numerator = numerator / g1
        self.denominator = denominator / g1
    }

    /// A time read as a plain ratio (the JSON reader yields times; a frame rate is the same text).
    public init(_ time: Time) { self.init(time.value, Int64(time.timescale)) }

    public static func < (a: Rational, b: Rational) -> Bool {
        Int128(a.numerator) * Int128(b.denominator) < Int128(b.numerator) * Int128(a.denominator)
    }

    public var description: String {
        denominator == 1 ? String(numerator) : Time(value: numerator, timescale: Int32(clamping: denominator)).description
    }

    public var approximateValue: Double { Double(numerator) / Double(denominator) }
}
