import ReelSpec

/// A piece of audio placed on the timeline: `range` of the timeline plays the source from `sourceStart`.
public struct AudioClip: Sendable {
    public var pointer: String
    public var path: String
    public var range: TimeRange
    public var sourceStart: Time
    /// Volume, fades, ducking and pan of the item this clip belongs to.
    public var shaping: AudioShaping
}
