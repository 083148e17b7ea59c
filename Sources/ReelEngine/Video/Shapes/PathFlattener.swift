import Foundation
import ReelSpec

/// Turns curves into straight segments close enough that no point of the chord lies farther than
/// `tolerance` pixels from the curve, so exact coverage of the polygon is the curve's coverage to
/// within that much of a pixel along the edge.
struct PathFlattener {
    static let tolerance = 0.002
    /// The largest radius an arc is drawn with: ten times the largest coordinate path data takes.
    static let largestRadius = 1e8

    /// Path commands as polylines (each `M` starts one; `Z` closes it).
    static func polylines(_ commands: [PathCommand], offset: Point) -> [Polyline] {
        var lines: [Polyline] = []
        var current: [Point] = []
        var closed = false
        var at = offset
        func finish() {
            if current.count > 1 { lines.append(Polyline(points: current, closed: closed)) }
            current = []
            closed = false
        }
        func p(_ q: PathPoint) -> Point { Point(q.x, q.y) + offset }
        for c in commands {
            switch c {
            case .move(let q):
                finish()
                at = p(q)
                current = [at]
            case .line(let q):
                at = p(q)
                current.append(at)
            case let .quad(c1, q):
                current += quad(at, p(c1), p(q))
                at = p(q)
            case let .cubic(c1, c2, q):
                current += cubic(at, p(c1), p(c2), p(q))
                at = p(q)
            case let .arc(rx, ry, rotation, large, sweep, q):
                current += arc(from: at, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep, to: p(q))
                at = p(q)
            case .close:
                let start = current.first ?? at
                closed = true
                finish()
                at = start
                current = [at]
            }
        }
        finish()
        return lines
    }

    /// Points after `p0` along a quadratic Bézier (ending at `p2`).
    static func quad(_ p0: Point, _ p1: Point, _ p2: Point) -> [Point] {
        let dd = length(p0 - 2 * p1 + p2)
        let n = steps(sqrt(dd / (4 * tolerance)))
        return (1...n).map { i in
            let t = Double(i) / Double(n), u = 1 - t
            return u * u * p0 + 2 * u * t * p1 + t * t * p2
        }
    }

    /// Points after `p0` along a cubic Bézier (ending at `p3`).
    static func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Point] {
        let dd = max(length(p0 - 2 * p1 + p2), length(p1 - 2 * p2 + p3))
        let n = steps(sqrt(0.75 * dd / tolerance))
        return (1...n).map { i in
            let t = Double(i) / Double(n), u = 1 - t
            return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
        }
    }

    /// Points after `from` along an SVG elliptical arc (the implementation notes of SVG 1.1 F.6:
    /// radii scaled up when too small, zero radii a straight line).
    static func arc(from p1: Point, rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool, to p2: Point) -> [Point] {
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0, p1 != p2 else { return [p2] }
        let phi = rotation * .pi / 180, c = cos(phi), s = sin(phi)
        let h = (p1 - p2) / 2
        let x1 = c * h.x + s * h.y, y1 = -s * h.x + c * h.y
        let lambda = (x1 / rx) * (x1 / rx) + (y1 / ry) * (y1 / ry)
        if lambda > 1 {
            // Radii too small for the endpoints grow in proportion until the arc just reaches: a
            // half ellipse. Written through their ratio, so radii far too small (1e-300, whose
            // squares vanish and make λ infinite) give that half ellipse, not infinity.
            let ratio = ry / rx
            rx = hypot(x1, y1 / ratio)
            ry = rx * ratio
        }
        // An ellipse no double can describe, or one grown far past any coordinate a path may name
        // (1e7: a ratio of radii like 1e-320 to 1e-100 grows one radius to 1e221), is the chord.
        guard rx.isFinite, ry.isFinite, rx > 0, ry > 0, max(rx, ry) <= PathFlattener.largestRadius else { return [p2] }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = sqrt(max(0, num / den))
        if !k.isFinite { k = 0 }
        if large == sweep { k = -k }
        let cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        let center = Point(c * cx1 - s * cy1, s * cx1 + c * cy1) + (p1 + p2) / 2
        let theta1 = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta1
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        let n = steps(abs(delta) / angleStep(radius: max(rx, ry)))
        var points = (1..<n).map { i -> Point in
            let a = theta1 + delta * Double(i) / Double(n)
            let ex = rx * cos(a), ey = ry * sin(a)
            return center + Point(c * ex - s * ey, s * ex + c * ey)
        }
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [p2] }
        points.append(p2)
        return points
    }

    /// The ellipse inscribed in the box centred on `center` with half-sides `radii`, clockwise.
    static func ellipse(center: Point, radii: Point) -> [Point] {
        let n = max(8, steps(2 * .pi / angleStep(radius: max(radii.x, radii.y))))
        return (0..<n).map { i in
            let a = 2 * Double.pi * Double(i) / Double(n)
            return center + Point(radii.x * cos(a), radii.y * sin(a))
        }
    }

    /// A quarter circle of `radius` around `center` from angle `start` (radians, clockwise on screen).
    static func corner(center: Point, radius: Double, start: Double) -> [Point] {
        let n = steps(Double.pi / 2 / angleStep(radius: radius))
        return (0...n).map { i in
            let a = start + Double.pi / 2 * Double(i) / Double(n)
            return center + radius * Point(cos(a), sin(a))
        }
    }

    /// The angle whose chord on a circle of `radius` strays at most `tolerance` from the arc.
    static func angleStep(radius: Double) -> Double {
        guard radius > tolerance else { return .pi / 2 }
        return 2 * acos(1 - tolerance / radius)
    }

    /// `x` rounded up into 1…100 000: a count of segments, whatever the arithmetic before gave
    /// (NaN: 1, infinity: the cap), since a trap here is a trap of the whole process.
    private static func steps(_ x: Double) -> Int { x.isNaN ? 1 : Int(max(1, min(100_000, x.rounded(.up)))) }

    private static func length(_ v: Point) -> Double { (v * v).sum().squareRoot() }
}
