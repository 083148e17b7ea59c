import ReelSpec

/// A paint's colour at a point of the canvas: a solid colour, or a gradient whose points are
/// resolved on the shape's box (`Paint`'s lengths), interpolated between stops in premultiplied
/// gamma-encoded RGB as CSS gradients are, the end colours continuing past the ends.
struct PaintSampler {
    private enum Kind {
        case solid(Premultiplied)
        case linear(from: Point, axis: Point, lengthSquared: Double)
        case radial(center: Point, radius: Double)
    }

    private let kind: Kind
    private let stops: [(offset: Double, color: Premultiplied)]

    init(_ paint: Paint, box: (min: Point, max: Point)) {
        let size = box.max - box.min
        func point(_ p: FramePoint) -> Point {
            box.min + Point(p.x.pixels(along: .horizontal, width: size.x, height: size.y),
                            p.y.pixels(along: .vertical, width: size.x, height: size.y))
        }
        switch paint {
        case .solid(let c):
            kind = .solid(Premultiplied(c))
            stops = []
        case let .linear(s, from, to):
            let a = point(from), axis = point(to) - a
            kind = .linear(from: a, axis: axis, lengthSquared: (axis * axis).sum())
            stops = s.map { ($0.offset, Premultiplied($0.color)) }
        case let .radial(s, center, radius):
            // A bare number is a fraction of the box's width; a box with no width (a vertical line)
            // measures against its height.
            let r = radius.pixels(along: size.x > 0 ? .horizontal : .vertical, width: size.x, height: size.y)
            kind = .radial(center: point(center), radius: r)
            stops = s.map { ($0.offset, Premultiplied($0.color)) }
        }
    }

    /// The colour at the centre of canvas pixel (x, y).
    func color(x: Int, y: Int) -> Premultiplied {
        let p = Point(Double(x) + 0.5, Double(y) + 0.5)
        switch kind {
        case .solid(let c): return c
        case let .linear(from, axis, l2):
            return at(l2 > 0 ? ((p - from) * axis).sum() / l2 : 0)
        case let .radial(center, radius):
            let d = ((p - center) * (p - center)).sum().squareRoot()
            return at(radius > 0 ? d / radius : 1)
        }
    }

    /// The gradient at offset `t`: between the last stop at or before it and the next.
    private func at(_ t: Double) -> Premultiplied {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.offset { return first.color }
        if t >= last.offset { return last.color }
        var k = 1
        while k < stops.count - 1, stops[k].offset <= t { k += 1 }
        let a = stops[k - 1], b = stops[k]
        let span = b.offset - a.offset
        let u = Float(span > 0 ? (t - a.offset) / span : 1)
        return a.color.scaled(1 - u).plus(b.color.scaled(u))
    }
}
