import ReelSpec

/// A piece of audio placed on the timeline: `range` of the timeline plays the source from `sourceStart`.
struct AudioClip: Sendable {
    var pointer: String
    var path: String
    var range: TimeRange
    var sourceStart: Time
    /// Playback rate: timeline time `t` plays source time `sourceStart + (t - range.start) × speed`,
    /// time-stretched with the pitch kept.
    var speed = Rational(1)
    /// The source's stream to play (the item's `audioTrack`, else the source's default audio).
    var streamIndex: Int?
    /// Volume, fades, ducking and pan of the item this clip belongs to.
    var shaping: AudioShaping
    /// Brought to −23 LUFS (its source's sound over the clip, measured) before its shaping.
    var normalize = false
}
