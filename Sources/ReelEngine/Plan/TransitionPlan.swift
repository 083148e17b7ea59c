import ReelSpec

/// A transition between `video[index]` and `video[index + 1]` over their overlap `range`.
struct TransitionPlan: Sendable {
    var index: Int
    var kind: TransitionSpec.Kind
    var direction: Direction
    /// The colour a `fade` passes through.
    var color: Color
    var range: TimeRange
    /// A `matte` transition's picture and how it is read.
    var matte: MattePlan?

    /// A luma matte: a still, or a video played from its start over the transition (`rotation`
    /// its display rotation), stretched to the frame.
    struct MattePlan: Sendable {
        enum Source: Sendable {
            case still(path: String)
            case clip(path: String, rotation: Int)
        }
        var source: Source
        /// Its `src`'s JSON pointer, for errors.
        var pointer: String
        var softness: Double
        var invert: Bool
        var path: String {
            switch source {
            case .still(let p), .clip(let p, _): return p
            }
        }
    }

    /// How far through the transition timeline time `t` is, 0…1 (a pixel weight, not a time).
    func progress(at t: Time) -> Double {
        let into = t - range.start
        return min(1, max(0, Double(into.value) * Double(range.duration.timescale)
            / (Double(into.timescale) * Double(range.duration.value))))
    }
}
