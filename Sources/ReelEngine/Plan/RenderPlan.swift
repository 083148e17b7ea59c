import ReelSpec

/// A job spec with every default filled in and every source resolved and probed: what the
/// renderer executes. All times are rational timeline times.
///
/// Outside the engine only its shape is visible (format, size, rate, ranges, frame count) and the
/// threading a worker pool sets; what it renders stays the engine's own.
public struct RenderPlan: Sendable {
    public var format: OutputFormat
    public var width: Int
    public var height: Int
    public var frameRate: Rational
    var background: Color
    /// Length of the whole timeline.
    var timelineDuration: Time
    /// The part of the timeline written to the file (`output.range`, default all of it).
    public var outputRange: TimeRange
    var video: [VideoSegment]
    /// Where consecutive segments overlap and how one gives way to the other.
    var transitions: [TransitionPlan]
    /// Overlays, bottom to top.
    var overlays: [OverlayPlan] = []
    var audio: [AudioClip]
    var videoEncoding: VideoEncoding
    var audioEncoding: AudioEncoding
    var metadata: [(key: String, value: String)]
    var chapters: [(start: Time, title: String)]
    /// Segments and renditions, for an `hls` output.
    var hls: HLSPlan?
    /// Soft subtitle tracks, on the output's timeline.
    var subtitles: [SubtitlePlan] = []
    var faststart: Bool
    /// `preset: "passthrough"` into mp4/mov/m4v: frames that reach the output unchanged are copied
    /// from their sources where the codec allows it (`SplicePlanner`), the rest encoded to match.
    var passthrough = false
    /// The output's colour, `auto` resolved: `sdr`, `hlg` or `hdr10` (`canvasColor` says what that
    /// means for the pictures).
    var color: OutputColor = .sdr
    /// The mastering display and light levels an `hdr10` output declares.
    var hdrMetadata: HDRMetadata?
    /// The size the video is encoded at when it is not the canvas's: a draft's (`output.draft`), the
    /// canvas scaled to at most 480 lines. Everything is drawn at the canvas's size and scaled as a
    /// whole, so every length keeps its proportion.
    var draftSize: (width: Int, height: Int)?
    /// The height whose standard an SDR canvas takes its colour from (`canvasColor`) when it is not
    /// its own: an HLS output's, for a rendition's canvas drawn at the rendition's size
    /// (`renditionCanvas`), since every rendition is tagged with the output's colour.
    var colorHeight: Int?
    /// Bytes of decoded frames each video source keeps for stepping back (`ClipProducer.recentBudget`):
    /// 0 for a render, which never steps back; a preview's.
    var recentFrameBytes = 0
    /// Threads for the video codecs: how to render, not what. The planner sizes it for the whole
    /// machine; a worker pool that renders several jobs at once gives each render its share.
    public var codecThreading = CodecThreading.wholeMachine

    /// True for an `hls` output whose playlists grow while it renders (`output.hls.progressive`):
    /// written in place, never under a partial name.
    public var isProgressive: Bool { hls?.progressive ?? false }
    /// True for a draft (`output.draft`).
    public var isDraft: Bool { draftSize != nil }
    /// The encoded video's size: the canvas's, or a draft's.
    public var encodedWidth: Int { draftSize?.width ?? width }
    public var encodedHeight: Int { draftSize?.height ?? height }

    /// A draft's size for a `width`×`height` canvas: at most `draftLines` high, the width in
    /// proportion, both even (4:2:0); a canvas already that small keeps its size.
    static func draftSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard height > draftLines else { return (width, height) }
        let w = Int((Int64(width) * Int64(draftLines) + Int64(height) / 2) / Int64(height))
        return (max(2, w + (w & 1)), draftLines)
    }

    static let draftLines = 480

    /// Output frames: those whose time `i/frameRate` falls inside the output range.
    public var frameCount: Int64 { RenderPlan.frames(in: outputRange.duration, rate: frameRate) }

    /// Output audio samples: the output range at the output sample rate, to the nearest sample.
    var sampleCount: Int64 { outputRange.duration.ticks(in: Int64(audioEncoding.sampleRate), rounding: .nearest) }

    /// The number of frame instants `k/rate` (k ≥ 0) strictly before `duration`.
    static func frames(in duration: Time, rate: Rational) -> Int64 {
        guard duration.isPositive else { return 0 }
        return Int64(clamping: Time.divide(Int128(duration.value) * Int128(rate.numerator),
                                 Int128(duration.timescale) * Int128(rate.denominator), rounding: .up))
    }

    /// The output time of frame `i`.
    func frameTime(_ i: Int64) -> Time {
        Time.fitting(Int128(i) * Int128(frameRate.denominator), Int128(frameRate.numerator), fallbackTimescale: 1_000_000_000)
    }
}
