import ReelSpec

/// One entry of `timeline.videos`, placed on the timeline.
public struct VideoSegment: Sendable {
    public enum Source: Sendable {
        /// A moving video: timeline time `t` shows the source frame at `sourceStart + (t - range.start)`.
        case clip(path: String, sourceStart: Time, rotation: Int)
        case still(path: String)
        case color(Color)

        /// The file the segment reads (a colour card reads none: its colour), for errors.
        public var path: String {
            switch self {
            case .clip(let path, _, _), .still(let path): return path
            case .color(let c): return "colour \(c)"
            }
        }
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
