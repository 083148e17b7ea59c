/// A voice-over or music item, mixed beneath the picture with AVAudioMix-style volume shaping.
public struct AudioItem: Sendable, Equatable {
    public var src: String
    /// Where a voice-over starts; music items play one after another and have none.
    public var start: Time?
    public var sourceRange: TimeRange?
    /// Playback rate, 1/4 to 4: the item lasts `sourceRange.duration / speed` on the timeline, its
    /// pitch kept.
    public var speed: Rational?
    /// Which of the source's audio streams plays; default its default stream.
    public var audioTrack: AudioTrackSelection?
    public var volume: Volume?
    public var fadeIn: Time?
    public var fadeOut: Time?
    /// −1 (left) … 1 (right), constant power.
    public var pan: Double?
    /// Repeat the item to the end of the timeline (music).
    public var loop = false
    /// Lower this item while any item of the named group plays.
    public var duckUnder: DuckTarget?
    /// The gain while ducked, 0–1.
    public var duckLevel: Double?
    /// Brought to −23 LUFS (`LoudnessSpec.normalizedLevel`) before its volume and the mix.
    public var normalize = false

    public init(src: String) { self.src = src }

    public enum DuckTarget: String, Sendable, CaseIterable { case voiceOvers }
}

/// A constant gain or linear automation points (times relative to the item's start).
public enum Volume: Sendable, Equatable {
    case constant(Double)
    case automation([VolumePoint])
}

public struct VolumePoint: Sendable, Equatable {
    public var time: Time
    public var value: Double

    public init(time: Time, value: Double) {
        self.time = time
        self.value = value
    }
}
