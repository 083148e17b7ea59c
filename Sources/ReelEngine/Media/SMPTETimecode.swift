import ReelSpec

/// A SMPTE timecode tag (`HH:MM:SS:FF`, or `HH:MM:SS;FF` drop-frame), as cameras and editors stamp a
/// file's first frame, read as an exact time at the stream's frame rate: frames are counted at the
/// nominal rate (24 for 23.976, 30 for 29.97) and take their real length (1001/24000 s), and a
/// drop-frame label skips frame numbers 0 and 1 (0–3 at 59.94) each minute but every tenth.
enum SMPTETimecode {
    /// The label of time `t` (rounded to a frame) at `rate`: drop-frame (`;`) at 29.97 and 59.94,
    /// as their timecode is counted; nil past 24 hours or at a rate a timecode cannot count.
    static func label(_ t: Time, rate: Rational) -> String? {
        let base = (rate.numerator + rate.denominator - 1) / rate.denominator
        guard rate.numerator > 0, base > 0, !t.isNegative else { return nil }
        var frames = Int64(Time.divide(Int128(t.value) * Int128(rate.numerator), Int128(t.timescale) * Int128(rate.denominator), rounding: .nearest))
        let dropFrame = rate.denominator == 1001 && base % 30 == 0
        if dropFrame {
            // Add back the labels skipped before this frame: per 10 minutes 9 × dropped.
            let dropped = 2 * (base / 30), perTen = base * 600 - 9 * dropped, perMinute = base * 60 - dropped
            let tens = frames / perTen, rest = frames % perTen
            frames += 9 * dropped * tens + (rest > dropped ? dropped * ((rest - dropped) / perMinute) : 0)
        }
        let f = frames % base, s = (frames / base) % 60, m = (frames / base / 60) % 60, h = frames / base / 3600
        guard h < 24 else { return nil }
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(h)):\(two(m)):\(two(s))\(dropFrame ? ";" : ":")\(two(f))"
    }

    /// The time of timecode `text` at frame rate `rate`; nil for anything else.
    static func time(_ text: String, rate: Rational) -> Time? {
        let dropFrame = text.contains(";")
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == ";" || $0 == "." })
        guard parts.count == 4, rate.numerator > 0 else { return nil }
        let numbers = parts.compactMap { Int64($0) }
        guard numbers.count == 4, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
        let (h, m, s, f) = (numbers[0], numbers[1], numbers[2], numbers[3])
        let base = (rate.numerator + rate.denominator - 1) / rate.denominator   // 30 for 30000/1001
        guard m < 60, s < 60, f < base, h < 100 else { return nil }
        var frames = ((h * 60 + m) * 60 + s) * base + f
        if dropFrame {
            guard base % 30 == 0 else { return nil }
            let dropped = 2 * (base / 30), minutes = h * 60 + m
            frames -= dropped * (minutes - minutes / 10)
        }
        return Time.exact(Int128(frames) * Int128(rate.denominator), Int128(rate.numerator))
    }
}
