/// A vector shape (docs/API.md (compositing)): an overlay's picture, or the coverage of a mask.
///
/// Its geometry carries its own placement, in lengths resolved against the canvas it is drawn on
/// (the frame for an overlay, a group's canvas inside a group, the item's own picture for a mask).
public struct ShapeSpec: Sendable, Equatable {
    public enum Geometry: Sendable, Equatable {
        /// A rectangle on `frame` (without a height, as tall as it is wide in pixels), its corners
        /// rounded by `radius` pixels.
        case rect(frame: FrameRect, radius: Double)
        /// The ellipse inscribed in `frame`.
        case ellipse(frame: FrameRect)
        /// A closed polygon through at least three points.
        case polygon([FramePoint])
        /// A straight line (stroked only).
        case line(from: FramePoint, to: FramePoint)
        /// SVG path data in pixels of the canvas, its origin moved to `offset` (default: the
        /// canvas's top-left corner).
        case path([PathCommand], offset: FramePoint?)

        /// A line has no inside to fill.
        public var hasArea: Bool {
            if case .line = self { return false }
            return true
        }
    }

    public var geometry: Geometry
    /// What fills the inside (nonzero winding); nil draws only the stroke.
    public var fill: Paint?
    public var stroke: ShapeStroke?

    public init(geometry: Geometry, fill: Paint? = nil, stroke: ShapeStroke? = nil) {
        self.geometry = geometry
        self.fill = fill
        self.stroke = stroke
    }
}

/// A shape's outline: width in pixels, centred on the geometry's edge (SVG's stroke).
public struct ShapeStroke: Sendable, Equatable {
    public enum Join: String, Sendable, CaseIterable { case miter, round, bevel }
    public enum Cap: String, Sendable, CaseIterable { case butt, round, square }

    public var paint: Paint
    public var width: Double
    /// Dash and gap lengths in pixels, repeated (an odd count is repeated twice, as SVG does).
    public var dash: [Double] = []
    /// How far into the dash pattern the line starts, in pixels (SVG's stroke-dashoffset: a
    /// growing offset moves the dashes back along the line; keyframed, dashes march or a line
    /// draws itself on).
    public var dashOffset: Double = 0
    public var join: Join = .miter
    public var cap: Cap = .butt

    public init(paint: Paint, width: Double) {
        self.paint = paint
        self.width = width
    }
}
