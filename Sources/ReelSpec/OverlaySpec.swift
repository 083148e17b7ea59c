/// A visual above the videos at an explicit start: a title, an image, or a picture-in-picture video.
public struct OverlaySpec: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case text(TextStyle)
        case image(src: String)
        case video(src: String, sourceRange: TimeRange?, volume: Volume?, muted: Bool)
    }

    public var content: Content
    public var start: Time
    /// Default: to the end of the timeline.
    public var duration: Time?
    /// Anchor point in fractions of the frame.
    public var position: Point?
    /// Centre-anchored rectangle in fractions of the frame.
    public var frame: FractionRect?
    public var opacity: Double?
    public var animations: [Animation] = []
    public var keyframes: [Keyframe] = []
    public var filters: [FilterSpec] = []

    public init(content: Content, start: Time) {
        self.content = content
        self.start = start
    }

    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }
}

/// An overlay animation (Core Animation-style title effects).
public struct Animation: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case fade, pop, spin, slideIn }

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
    public var family: String?
    /// Size in output pixels.
    public var size: Double = 48
    public var weight: Int = 400
    public var color: Color = .white
    public var stroke: Stroke?
    public var shadow: Shadow?
    public var box: Box?
    public var align: Alignment = .center
    /// Wrapping width as a fraction of the frame width.
    public var maxWidth: Double?

    public init(text: String) { self.text = text }

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
    }
}
