import ReelSpec

/// One entry of `timeline.videos`, placed on the timeline.
struct VideoSegment: Sendable {
    enum Source: Sendable {
        /// A moving video: timeline time `t` shows the source frame at `sourceStart + (t - range.start)`.
        case clip(path: String, sourceStart: Time, rotation: Int)
        case still(path: String)
        case color(Color)

        var isColor: Bool { if case .color = self { return true } else { return false } }

        /// The file the segment reads (a colour card reads none: its colour), for errors.
        var path: String {
            switch self {
            case .clip(let path, _, _), .still(let path): return path
            case .color(let c): return "colour \(c)"
            }
        }
    }

    /// JSON pointer of the spec item, for errors.
    var pointer: String
    var range: TimeRange
    var source: Source
    /// The source as the spec names it (`src`), for what clients read (an OTIO export); nil for a colour card.
    var src: String?
    var fit: FitMode
    /// How `fit: "blur"` fills the bars.
    var blurFill = BlurFill()
    /// Playback rate of a clip (`clip` sources only): see `sourceTime(at:)`.
    var speed = Rational(1)
    /// Keyframes, filters and motion: when present the item is drawn as a layer over the background.
    var layer = LayerPlan()
    /// The source's displayed size (rotation and pixel aspect applied), for drawing it as a layer.
    var sourceSize: (width: Int, height: Int)?
    /// The source's decoded pixel format as probed (`yuv420p`, `yuvj420p`, …): a container header
    /// read without probing does not say it, and passthrough copies only 8-bit 4:2:0 limited range.
    var pixelFormat: String?
    /// How long a clip's video stream is (its available media, for an OTIO export).
    var mediaLength: Time?

    /// The source time a clip shows at timeline time `t`: `sourceStart + (t - range.start) × speed`,
    /// exact (a 2× item of a 30 fps source shows every other frame, a 0.5× item each one twice).
    func sourceTime(at t: Time, sourceStart: Time) -> Time {
        sourceStart + (t - range.start).scaled(by: speed)
    }
}
