import ReelSpec

/// A shape's geometry in pixels of the canvas it is drawn on: its lengths resolved (units refer to
/// that canvas: the frame, a group's canvas, or the masked item's picture) and its curves
/// flattened. `box` is the geometry's bounding box, which gradient points are relative to.
struct ShapeOutline: Sendable {
    var lines: [Polyline]
    var box: (min: Point, max: Point)

    init?(_ geometry: ShapeSpec.Geometry, canvasWidth w: Double, canvasHeight h: Double) {
        func point(_ p: FramePoint) -> Point {
            Point(p.x.pixels(along: .horizontal, width: w, height: h), p.y.pixels(along: .vertical, width: w, height: h))
        }
        switch geometry {
        case let .rect(frame, radius):
            let (c, half) = ShapeOutline.box(frame, w, h)
            lines = [Polyline(points: ShapeOutline.roundedRect(center: c, half: half, radius: radius), closed: true)]
        case .ellipse(let frame):
            let (c, half) = ShapeOutline.box(frame, w, h)
            lines = [Polyline(points: PathFlattener.ellipse(center: c, radii: half), closed: true)]
        case .polygon(let points):
            lines = [Polyline(points: points.map(point), closed: true)]
        case let .line(from, to):
            lines = [Polyline(points: [point(from), point(to)], closed: false)]
        case let .path(commands, offset):
            lines = PathFlattener.polylines(commands, offset: offset.map(point) ?? Point(0, 0))
        }
        guard let box = Polyline.bounds(lines) else { return nil }
        self.box = box
    }

    /// The centre and half-sides of a frame; without a height it is as tall as it is wide.
    private static func box(_ f: FrameRect, _ w: Double, _ h: Double) -> (Point, Point) {
        let width = f.width.pixels(along: .horizontal, width: w, height: h)
        let height = f.height?.pixels(along: .vertical, width: w, height: h) ?? width
        let center = Point(f.x.pixels(along: .horizontal, width: w, height: h), f.y.pixels(along: .vertical, width: w, height: h))
        return (center, Point(width / 2, height / 2))
    }

    /// A rectangle clockwise from its top-left corner, corners rounded by `radius` (at most half
    /// the shorter side, as CSS's border-radius).
    private static func roundedRect(center c: Point, half: Point, radius: Double) -> [Point] {
        let r = min(radius, half.x, half.y)
        let lo = c - half, hi = c + half
        guard r > 0 else { return [lo, Point(hi.x, lo.y), hi, Point(lo.x, hi.y)] }
        return PathFlattener.corner(center: Point(hi.x - r, lo.y + r), radius: r, start: -.pi / 2)
            + PathFlattener.corner(center: Point(hi.x - r, hi.y - r), radius: r, start: 0)
            + PathFlattener.corner(center: Point(lo.x + r, hi.y - r), radius: r, start: .pi / 2)
            + PathFlattener.corner(center: Point(lo.x + r, lo.y + r), radius: r, start: .pi)
    }
}
