import ReelSpec

/// Where a render is cut into chunks of about a wanted length, the one rule for an HLS output's
/// chunks (boundaries on its segment starts) and a job's `outputs` (on the starts every output
/// allows): each boundary the first allowed start at or after the one before plus the length.
enum ChunkBoundaries {
    /// The frames in `seconds` at `rate`, at least one.
    static func frames(seconds: Int, rate: Rational) -> Int64 {
        max(1, Int64(seconds) * Int64(rate.numerator) / max(1, Int64(rate.denominator)))
    }

    /// Ranges covering `0..<frames`, each boundary the first of `starts` (ascending, from 0) at or
    /// after the one before plus `wanted` (the end where none is). With `smallAfter` (where each
    /// progressive output's first frame lies), the start at or before each and the two after it
    /// are boundaries too: each one's first two pieces are a start each, so it plays once two are
    /// rendered.
    static func ranges(frames: Int64, wanted: Int64, starts: [Int64], smallAfter: [Int64] = []) -> [Range<Int64>] {
        let inside = starts.filter { $0 > 0 && $0 < frames }
        var forced = Set<Int64>()
        for p in smallAfter {
            let after = inside.filter { $0 > p }
            guard after.count > 1 else { continue }
            forced.formUnion(inside.filter { $0 <= p }.suffix(1) + after.prefix(2))
        }
        let small = forced.sorted()
        var bounds: [Int64] = [0]
        while let last = bounds.last, last < frames {
            let next = inside.first { $0 >= last + wanted } ?? frames
            bounds.append(min(next, small.first { $0 > last } ?? frames))
        }
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }
}
