/// A visual above the videos at an explicit start: a title, a captions track, an image, a
/// picture-in-picture video, a shape or a group of overlays.
public struct OverlaySpec: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case text(TextStyle)
        /// An SRT or WebVTT file, each cue shown at its time (offset by the overlay's start) in `style`
        /// (whose `text` is unused); `highlight` colours the word being spoken.
        case captions(src: String, style: TextStyle, highlight: Color?)
        case image(src: String)
        case video(src: String, sourceRange: TimeRange?, volume: Volume?, muted: Bool)
        /// A vector shape, placed by its own geometry (its `frame`, points or path).
        case shape(ShapeSpec)
        /// A nested composition, drawn as one layer.
        case group(GroupSpec)
        /// An audiogram of the mix or of one audio item.
        case waveform(WaveformSpec)
        /// A Lottie animation.
        case lottie(LottieSpec)
    }

    public var content: Content
    /// A video's `sourceRange` counts from the file's embedded start timecode (see `VideoItem`).
    public var sourceTimecoded = false
    public var start: Time
    /// Default: to the end of the timeline.
    public var duration: Time?
    /// Anchor point (the overlay's centre) on the frame.
    public var position: FramePoint?
    /// Centre-anchored rectangle on the frame.
    public var frame: FrameRect?
    public var opacity: Double?
    /// How its colours combine with what lies under it.
    public var blend: BlendMode = .normal
    /// A green screen taken out of its picture (video and image overlays).
    public var chromaKey: ChromaKeySpec?
    /// Where it shows, on its own picture.
    public var mask: MaskSpec?
    public var animations: [Animation] = []
    public var keyframes: [Keyframe] = []
    public var filters: [FilterSpec] = []

    public init(content: Content, start: Time) {
        self.content = content
        self.start = start
    }
}

/// An overlay animation (Core Animation-style title effects).
public struct Animation: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case fade, pop, spin, slideIn, typewriter }

    public var kind: Kind
    /// Length of the in (and out) phase; default 20 % of the overlay's duration.
    public var duration: Time?
    public var direction: Direction?

    public init(kind: Kind, duration: Time? = nil, direction: Direction? = nil) {
        self.kind = kind
        self.duration = duration
        self.direction = direction
    }
}

/// The look of a text overlay.
public struct TextStyle: Sendable, Equatable {
    public var text: String
    /// A system font family (fontconfig); nil with no `fontSrc` means the system's sans-serif.
    public var family: String?
    /// An uploaded or relative TTF/OTF/TTC font file, instead of `family`.
    public var fontSrc: String?
    /// Size in output pixels.
    public var size: Double = 48
    public var weight: Int = 400
    public var italic = false
    public var color: Color = .white
    public var stroke: Stroke?
    public var shadow: Shadow?
    public var box: Box?
    public var align: Alignment = .center
    /// Distance between baselines as a multiple of the size.
    public var lineHeight = 1.2
    /// Wrapping width as a fraction of the frame width.
    public var maxWidth: Double?

    public init(text: String) { self.text = text }

    /// The look of captions when the spec says nothing (docs/SPEC.md): white 48 px text with a
    /// black stroke, wrapped at 90 % of the frame width.
    public static var captionDefault: TextStyle {
        var s = TextStyle(text: "")
        s.stroke = Stroke(color: .black, width: 3)
        s.maxWidth = 0.9
        return s
    }

    public enum Alignment: String, Sendable, CaseIterable { case left, center, right }

    public struct Stroke: Sendable, Equatable {
        public var color: Color
        public var width: Double
    }

    public struct Shadow: Sendable, Equatable {
        public var color: Color
        public var x: Double
        public var y: Double
        public var blur: Double
    }

    public struct Box: Sendable, Equatable {
        public var color: Color
        public var padding: Double
        /// Corner radius in pixels.
        public var radius: Double = 0
    }
}
