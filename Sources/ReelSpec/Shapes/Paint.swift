/// What a shape is filled or stroked with: a colour or a gradient (docs/API.md (compositing)), its colours
/// interpolated in premultiplied gamma-encoded RGB as CSS gradients are.
public enum Paint: Sendable, Equatable {
    case solid(Color)
    /// Along the line `from` → `to`; before and after it the end colours continue.
    case linear(stops: [GradientStop], from: FramePoint, to: FramePoint)
    /// Circles around `center`, offset 1 at `radius` (a length along the box's width).
    case radial(stops: [GradientStop], center: FramePoint, radius: Length)

    /// Gradient points are lengths on the shape's own box (its geometry's bounding box): a bare
    /// number is a fraction of the box, `"px"` pixels from its top-left corner.
    public static let defaultFrom = FramePoint(x: .fraction(0.5), y: .fraction(0))
    public static let defaultTo = FramePoint(x: .fraction(0.5), y: .fraction(1))
    public static let defaultCenter = FramePoint(x: .fraction(0.5), y: .fraction(0.5))
    /// Half the box's longer side.
    public static let defaultRadius = Length(50, .vmax)

    /// A gradient's stops; none for a solid colour.
    public var stops: [GradientStop] {
        switch self {
        case .solid: return []
        case .linear(let stops, _, _), .radial(let stops, _, _): return stops
        }
    }

    /// Its colours: the solid colour, or each stop's.
    public var colors: [Color] {
        if case .solid(let c) = self { return [c] }
        return stops.map(\.color)
    }

    /// Why `other` cannot stand in for this paint in a keyframe (another kind, or another stop
    /// count), nil when it can.
    /// `what` names this paint in the refusal ("the shape's fill").
    public func keyframeMismatch(_ other: Paint, what: String) -> String? {
        switch (self, other) {
        case (.solid, .solid): return nil
        case (.linear, .linear), (.radial, .radial):
            return stops.count == other.stops.count ? nil : "must have \(stops.count) stops, as \(what) has, found \(other.stops.count)"
        case (.solid, _): return "must be a colour, as \(what) is"
        case (.linear, _): return "must be a linear gradient, as \(what) is"
        case (.radial, _): return "must be a radial gradient, as \(what) is"
        }
    }
}

/// A colour at an offset 0…1 along a gradient.
public struct GradientStop: Sendable, Equatable {
    public var offset: Double
    public var color: Color

    public init(offset: Double, color: Color) {
        self.offset = offset
        self.color = color
    }
}
