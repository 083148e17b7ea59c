import ReelSpec

/// A title, captions, an image, a picture-in-picture video or a shape above the videos, from `range.start`
/// to `range.end`.
struct OverlayPlan: Sendable {
    enum Source: Sendable {
        case image(path: String)
        /// Plays `sourceStart ..< sourceStart + duration`, then holds its last frame.
        case video(path: String, sourceStart: Time, duration: Time, rotation: Int)
        /// A text block, set and rendered when the overlay first shows.
        case text(TextPlan)
        /// Cues on the overlay's own time (0 = its start), each set as its own text block.
        case captions(cues: [Cue], text: TextPlan, highlight: Color?)
        /// A vector shape; `picture` is its geometry on the canvas, set once the output's size is
        /// known (`RenderPlanner.placeOnCanvas`).
        case shape(ShapeSpec, picture: ShapePicture?)
        /// A nested composition, flattened onto its canvas and drawn as one layer.
        case group(GroupPlan)
        /// An audiogram, drawn for each frame from that frame's samples.
        case waveform(WaveformPlan)
        /// A Lottie animation, drawn by rlottie.
        case lottie(LottiePlan)

        /// The file the overlay reads, for errors.
        var path: String {
            switch self {
            case .image(let path), .video(let path, _, _, _): return path
            case .text(let t), .captions(_, let t, _): return t.chain.primary.path
            case .shape: return "shape"
            case .group: return "group"
            case .waveform: return "waveform"
            case .lottie(let l): return l.path
            }
        }
    }

    /// Where the overlay sits on the frame (lengths resolved against the canvas by `LayerLayout`).
    enum Placement: Sendable {
        /// Centre-anchored rectangle; without a height the source's aspect is kept.
        case frame(FrameRect)
        /// The overlay's centre at this point, at its natural size.
        case position(FramePoint)
        /// Centred at natural size, shrunk to fit the frame if larger.
        case natural
    }

    var pointer: String
    var source: Source
    var range: TimeRange
    var placement: Placement
    var layer: LayerPlan
    /// The source's displayed size.
    var sourceSize: (width: Int, height: Int)

    /// Lays the picture 1:1 on `grid` of the canvas (a picture drawn at that size).
    mutating func place(on grid: PixelRect) {
        sourceSize = (grid.width, grid.height)
        placement = .frame(FrameRect(x: Length(Double(grid.x) + Double(grid.width) / 2, .px), y: Length(Double(grid.y) + Double(grid.height) / 2, .px),
                                     width: Length(Double(grid.width), .px), height: Length(Double(grid.height), .px)))
    }
}
