/// One entry of `timeline.videos`: a video clip, a still image, or a colour card, played in turn.
public struct VideoItem: Sendable, Equatable {
    /// What the item shows.
    public enum Content: Sendable, Equatable {
        /// A media source (video or still image); which one is known once it is probed.
        case media(src: String)
        /// A solid colour card.
        case color(Color)
    }

    public var content: Content
    /// The part of the source to play; default the whole asset.
    public var sourceRange: TimeRange?
    /// `sourceRange` is in the media's timecode: its start counts from the file's embedded start
    /// timecode (an OTIO clip whose reference gives no `available_range`), not from its first frame.
    public var sourceTimecoded = false
    /// Length on the timeline, for stills and colour cards (or a video trimmed from 0).
    public var duration: Time?
    /// Playback rate, 0.25–4; audio pitch is kept.
    public var speed: Rational?
    public var volume: Volume?
    public var muted = false
    /// Its sound brought to −23 LUFS before its volume and the mix.
    public var normalize = false
    /// Which of the source's audio streams plays with the picture; default its default stream.
    public var audioTrack: AudioTrackSelection?
    /// Per-item fit, overriding `output.fit`.
    public var fit: FitMode?
    /// The bars of its own `fit: "blur"` (`blurRadius`, `dim`); nil: the output's.
    public var blurFill: BlurFill?
    public var filters: [FilterSpec] = []
    public var keyframes: [Keyframe] = []
    /// A green screen taken out of its picture (items with `src`).
    public var chromaKey: ChromaKeySpec?
    /// Where it shows, on its own picture (the background shows elsewhere).
    public var mask: MaskSpec?
    /// A slow Ken Burns move for stills.
    public var motion: Motion?

    public init(content: Content) { self.content = content }

    public enum Motion: String, Sendable, CaseIterable { case zoomIn, zoomOut, panLeft, panRight }
}

/// How two consecutive videos are joined. docs/SPEC.md.
public struct TransitionSpec: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case dissolve, fade, push, slide, wipe, matte }

    public var kind: Kind
    public var duration: Time
    /// Where things travel, for push, slide and wipe.
    public var direction: Direction?
    /// The colour `fade` passes through; default black.
    public var color: Color?
    /// A `matte` transition's grayscale picture and how it is read.
    public var matte: Matte?

    /// A luma matte as the wipe (docs/API.md (compositing)): with its luma m (0…1, full range) and progress p,
    /// the incoming clip's weight is clamp((p·(1+s) − m)/s, 0, 1) (s = softness; s = 0: 1 where
    /// m < p); `invert` reads 1 − m. A video matte plays from its start over the transition.
    public struct Matte: Sendable, Equatable {
        public var src: String
        public var softness = 0.1
        public var invert = false

        public init(src: String) { self.src = src }
    }

    public init(kind: Kind, duration: Time, direction: Direction? = nil, color: Color? = nil) {
        self.kind = kind
        self.duration = duration
        self.direction = direction
        self.color = color
    }
}

public enum Direction: String, Sendable, CaseIterable { case left, right, up, down }

/// A picture filter on a visual item: `grayscale`, or one with an amount.
public struct FilterSpec: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case grayscale, brightness, contrast, saturation, blur }

    public var kind: Kind
    /// brightness −1…1, contrast and saturation 0…4 (1 = unchanged), blur radius in output pixels.
    public var amount: Double?

    public init(kind: Kind, amount: Double? = nil) {
        self.kind = kind
        self.amount = amount
    }
}

/// A keyframe of AVVideoCompositionLayerInstruction-style ramps; `time` is relative to the item start.
public struct Keyframe: Sendable, Equatable {
    public enum Easing: String, Sendable, CaseIterable { case linear, easeIn, easeOut, easeInOut }

    public var time: Time
    public var opacity: Double?
    /// The layer's centre on the frame.
    public var x: Length?
    public var y: Length?
    public var scale: Double?
    /// Degrees, clockwise.
    public var rotation: Double?
    public var crop: FractionRect?
    /// A rect shape's corner radius, in pixels.
    public var radius: Double?
    /// A shape's stroke width, in pixels.
    public var strokeWidth: Double?
    /// A dashed stroke's dash offset, in pixels.
    public var dashOffset: Double?
    /// The mask's feather, in pixels.
    public var feather: Double?
    /// The chroma key's similarity, smoothness and spill.
    public var similarity: Double?
    public var smoothness: Double?
    public var spill: Double?
    /// A polygon shape's points, as many as it has, or a line shape's two ends, `from` then `to`
    /// (each travels to its place here).
    public var points: [FramePoint]?
    /// A shape's fill: a colour where the shape's is one, or a gradient of its gradient's type
    /// with as many stops (offsets, colours and its points or centre and radius all travel).
    public var fill: Paint?
    /// A shape's stroke paint, held to the stroke's as `fill` is to the fill.
    public var strokeColor: Paint?
    /// A dashed stroke's dash and gap lengths, as many as the stroke's (each travels to its length here).
    public var dash: [Double]?
    /// A rect or ellipse mask shape's frame (lengths of the item's picture): its centre and size
    /// travel, each resolved to pixels first.
    public var maskFrame: FrameRect?
    /// A polygon mask shape's points, as many as it has (lengths of the item's picture).
    public var maskPoints: [FramePoint]?
    /// `fit: "blur"`'s bars: their blur radius (px) and dimming.
    public var blurRadius: Double?
    public var dim: Double?
    /// The amounts of the item's filters of these types (a blur's radius).
    public var filterAmounts: [FilterSpec.Kind: Double] = [:]
    /// How the value travels from the previous keyframe to this one.
    public var easing: Easing = .linear

    public init(time: Time) { self.time = time }

    /// What a keyframe's `points` move on a shape: a polygon's points (as many as it has) or a
    /// line's two ends.
    public enum MovingPoints: Sendable, Equatable {
        case polygon(Int)
        case line

        public var count: Int {
            switch self {
            case .polygon(let n): return n
            case .line: return 2
            }
        }

        /// Why that many, as a refusal says it.
        public var meaning: String {
            switch self {
            case .polygon: return "as the polygon has"
            case .line: return "the line's from and to"
            }
        }
    }
}

/// A rectangle in fractions of a frame or source (0–1).
public struct FractionRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double?

    public init(x: Double, y: Double, width: Double, height: Double? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
