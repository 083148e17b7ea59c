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
    /// after the one before plus `wanted` (the end where none is); with `progressive`, the first two
    /// chunks one start each, so a progressive output plays once two are rendered.
    static func ranges(frames: Int64, wanted: Int64, starts: [Int64], progressive: Bool) -> [Range<Int64>] {
        var bounds: [Int64] = [0]
        let inside = starts.filter { $0 > 0 && $0 < frames }
        if progressive, inside.count > 1 { bounds += inside.prefix(2) }
        while let last = bounds.last, last < frames {
            bounds.append(inside.first { $0 >= last + wanted } ?? frames)
        }
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }
}
