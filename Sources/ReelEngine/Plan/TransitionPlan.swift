import ReelSpec

/// A transition between `video[index]` and `video[index + 1]` over their overlap `range`.
struct TransitionPlan: Sendable {
    var index: Int
    var kind: TransitionSpec.Kind
    var direction: Direction
    /// The colour a `fade` passes through.
    var color: Color
    var range: TimeRange

    /// How far through the transition timeline time `t` is, 0…1 (a pixel weight, not a time).
    func progress(at t: Time) -> Double {
        let into = t - range.start
        return min(1, max(0, Double(into.value) * Double(range.duration.timescale)
            / (Double(into.timescale) * Double(range.duration.value))))
    }
}
