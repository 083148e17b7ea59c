/// Where an item shows (docs/API.md (compositing)): a shape's coverage, or an image's or a video's
/// alpha or luma, on the item's own picture (lengths of a mask shape refer to that picture, so the
/// mask moves, scales and turns with the item), weighted 0…1.
public struct MaskSpec: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case shape(ShapeSpec)
        /// An image, or a video playing along with the item from its start, stretched to the
        /// item's picture.
        case media(String)
    }

    public enum Mode: String, Sendable, CaseIterable { case alpha, luma }

    public var source: Source
    /// Nil: alpha for shapes and sources with alpha, luma otherwise.
    public var mode: Mode?
    public var invert = false
    /// The edge softened by a Gaussian of standard deviation feather/2 px (CSS's blur radius).
    public var feather = 0.0

    public init(source: Source) { self.source = source }

    /// True for a rect or ellipse shape: one whose `frame` keyframes may move and size (`maskFrame`).
    public var hasFrame: Bool {
        guard case .shape(let s) = source else { return false }
        switch s.geometry {
        case .rect, .ellipse: return true
        default: return false
        }
    }

    /// A polygon shape's point count: its points may travel (`maskPoints`); nil for any other mask.
    public var polygonPoints: Int? {
        guard case .shape(let s) = source, case .polygon(let points) = s.geometry else { return nil }
        return points.count
    }

    /// The `src` a mask reads, if any.
    public var src: String? {
        if case .media(let s) = source { return s }
        return nil
    }
}
