/// OpenTimelineIO's times (`RationalTime.1`: a `value` counted at a `rate`, both JSON numbers) as
/// Reel's exact times. The rate is a label for a rational frame rate: the NTSC rates OTIO writes
/// as decimals (23.976023976…, 29.97…, 59.94…) are taken as n·1000/1001 exactly, every other rate as
/// the exact decimal it is; the value is exact too, so 01:00:00:00 at 23.976 lands on its frame.
enum OTIOTime {
    /// The frame rates whose NTSC versions (`n·1000/1001`) OTIO writes as decimals.
    static let ntscBases: [Int64] = [24, 30, 48, 60, 120]

    /// The time a `RationalTime.1` object names; problems are reported at its members.
    static func time(_ f: Field) -> Time? {
        f.openObject { r -> Time? in
            _ = r.field("OTIO_SCHEMA")
            guard let rateField = r.required("rate"), let valueField = r.required("value") else { return nil }
            guard case .number(let rateText) = rateField.value, let rate = rate(rateText), rate.numerator > 0 else {
                rateField.report("must be a positive frame rate")
                return nil
            }
            guard case .number(let valueText) = valueField.value, case .success(let value) = TimeParser.parseDecimal(valueText) else {
                valueField.report("must be a number of frames")
                return nil
            }
            guard let t = Time.exact(Int128(value.value) * Int128(rate.denominator), Int128(value.timescale) * Int128(rate.numerator)) else {
                valueField.report("is a time Reel cannot hold exactly at rate \(rateText)")
                return nil
            }
            return t
        }
    }

    /// A `TimeRange.1`: `start_time` and `duration`; the duration must not be negative.
    static func range(_ f: Field) -> TimeRange? {
        f.openObject { r -> TimeRange? in
            _ = r.field("OTIO_SCHEMA")
            guard let s = r.required("start_time"), let d = r.required("duration") else { return nil }
            guard let start = time(s), let duration = time(d) else { return nil }
            if duration.isNegative {
                d.report("must not be negative")
                return nil
            }
            return TimeRange(start: start, duration: duration)
        }
    }

    /// The frame rate a JSON number names (see the type's comment); nil when it is not a number
    /// Reel can hold.
    static func rate(_ text: String) -> Rational? {
        if let approx = Double(text), approx > 0, approx < 1000 {
            let scaled = approx * 1001 / 1000
            for base in ntscBases where abs(scaled - Double(base)) < 0.001 && abs(approx - Double(base)) > 0.001 {
                return Rational(base * 1000, 1001)
            }
        }
        guard case .success(let t) = TimeParser.parseDecimal(text), t.value > 0 else { return nil }
        return Rational(t)
    }
}
