import ReelSpec

/// A piece of audio placed on the timeline: `range` of the timeline plays the source from `sourceStart`.
struct AudioClip: Sendable {
    var pointer: String
    var path: String
    var range: TimeRange
    var sourceStart: Time
    /// Volume, fades, ducking and pan of the item this clip belongs to.
    var shaping: AudioShaping
}
