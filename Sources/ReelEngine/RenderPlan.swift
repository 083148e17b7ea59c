import ReelSpec

/// A job spec with every default filled in and every source resolved and probed: what the
/// renderer executes. All times are rational timeline times.
public struct RenderPlan: Sendable {
    public var format: OutputFormat
    public var width: Int
    public var height: Int
    public var frameRate: Rational
    public var background: Color
    /// Length of the whole timeline.
    public var timelineDuration: Time
    /// The part of the timeline written to the file (`output.range`, default all of it).
    public var outputRange: TimeRange
    public var video: [VideoSegment]
    /// Where consecutive segments overlap and how one gives way to the other.
    public var transitions: [TransitionPlan]
    /// Overlays, bottom to top.
    public var overlays: [OverlayPlan] = []
    public var audio: [AudioClip]
    public var videoEncoding: VideoEncoding
    public var audioEncoding: AudioEncoding
    public var metadata: [(key: String, value: String)]
    public var chapters: [(start: Time, title: String)]
    public var faststart: Bool
    /// Threads for the video codecs: how to render, not what. The planner sizes it for the whole
    /// machine; a worker pool that renders several jobs at once gives each render its share.
    public var codecThreading = CodecThreading.wholeMachine

    /// Output frames: those whose time `i/frameRate` falls inside the output range.
    public var frameCount: Int64 { RenderPlan.frames(in: outputRange.duration, rate: frameRate) }

    /// Output audio samples: the output range at the output sample rate, to the nearest sample.
    public var sampleCount: Int64 { outputRange.duration.ticks(in: Int64(audioEncoding.sampleRate), rounding: .nearest) }

    /// The number of frame instants `k/rate` (k ≥ 0) strictly before `duration`.
    public static func frames(in duration: Time, rate: Rational) -> Int64 {
        guard duration.isPositive else { return 0 }
        return Int64(clamping: Time.divide(Int128(duration.value) * Int128(rate.numerator),
                                 Int128(duration.timescale) * Int128(rate.denominator), rounding: .up))
    }

    /// The output time of frame `i`.
    public func frameTime(_ i: Int64) -> Time {
        Time.fitting(Int128(i) * Int128(frameRate.denominator), Int128(frameRate.numerator), fallbackTimescale: 1_000_000_000)
    }
}

/// One entry of `timeline.videos`, placed on the timeline.
public struct VideoSegment: Sendable {
    public enum Source: Sendable {
        /// A moving video: timeline time `t` shows the source frame at `sourceStart + (t - range.start)`.
        case clip(path: String, sourceStart: Time, rotation: Int)
        case still(path: String)
        case color(Color)
    }

    /// JSON pointer of the spec item, for errors.
    public var pointer: String
    public var range: TimeRange
    public var source: Source
    public var fit: FitMode
    /// Keyframes, filters and motion: when present the item is drawn as a layer over the background.
    public var layer = LayerPlan()
    /// The source's displayed size (rotation and pixel aspect applied), for drawing it as a layer.
    public var sourceSize: (width: Int, height: Int)?
}

/// How a visual is drawn beyond a plain fit: AVVideoCompositionLayerInstruction's ramps, plus
/// filters, Ken Burns motion and overlay animations. Times are relative to the item's start.
public struct LayerPlan: Sendable {
    public var keyframes: [Keyframe] = []
    public var filters: [FilterSpec] = []
    public var motion: VideoItem.Motion?
    public var opacity = 1.0
    public var animations: [Animation] = []
    /// The source has transparency (a PNG with alpha), so it must be blended over the background.
    public var transparent = false

    public init() {}

    /// True when the item is just its fitted picture.
    public var isPlain: Bool {
        keyframes.isEmpty && filters.isEmpty && motion == nil && opacity == 1 && animations.isEmpty && !transparent
    }
}

/// An image or picture-in-picture video above the videos, from `range.start` to `range.end`.
public struct OverlayPlan: Sendable {
    public enum Source: Sendable {
        case image(path: String)
        /// Plays `sourceStart ..< sourceStart + duration`, then holds its last frame.
        case video(path: String, sourceStart: Time, duration: Time, rotation: Int)
    }

    /// Where the overlay sits, in fractions of the frame.
    public enum Placement: Sendable {
        /// Centre-anchored rectangle; without a height the source's aspect is kept.
        case frame(FractionRect)
        /// The overlay's centre at this point, at its natural size.
        case position(x: Double, y: Double)
        /// Centred at natural size, shrunk to fit the frame if larger.
        case natural
    }

    public var pointer: String
    public var source: Source
    public var range: TimeRange
    public var placement: Placement
    public var layer: LayerPlan
    /// The source's displayed size.
    public var sourceSize: (width: Int, height: Int)
}

/// A transition between `video[index]` and `video[index + 1]` over their overlap `range`.
public struct TransitionPlan: Sendable {
    public var index: Int
    public var kind: TransitionSpec.Kind
    public var direction: Direction
    /// The colour a `fade` passes through.
    public var color: Color
    public var range: TimeRange

    /// How far through the transition timeline time `t` is, 0…1 (a pixel weight, not a time).
    public func progress(at t: Time) -> Double {
        let into = t - range.start
        return min(1, max(0, Double(into.value) * Double(range.duration.timescale)
            / (Double(into.timescale) * Double(range.duration.value))))
    }
}

/// A piece of audio placed on the timeline: `range` of the timeline plays the source from `sourceStart`.
public struct AudioClip: Sendable {
    public var pointer: String
    public var path: String
    public var range: TimeRange
    public var sourceStart: Time
    /// Volume, fades, ducking and pan of the item this clip belongs to.
    public var shaping: AudioShaping
}

/// Resolved video encoder settings.
public struct VideoEncoding: Sendable {
    public var codec: VideoCodec
    public var crf: Int?
    public var bitrate: Int?
    public var maxBitrate: Int?
    public var preset: String
    public var profile: String?
    /// Frames between keyframes.
    public var gopSize: Int

    /// The FFmpeg encoder that implements the codec.
    public var encoderName: String {
        switch codec {
        case .h264: return "libx264"
        case .hevc: return "libx265"
        case .vp9: return "libvpx-vp9"
        }
    }
}

/// Resolved audio encoder settings.
public struct AudioEncoding: Sendable {
    public var codec: AudioCodec
    public var bitrate: Int
    public var sampleRate: Int
    public var channels: Int
}
