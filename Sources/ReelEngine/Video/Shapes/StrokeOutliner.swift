import Foundation
import ReelSpec

/// A stroke as polygons to fill (SVG's stroke: `width` centred on the geometry): dashes cut from
/// the lines by arc length, a quadrilateral per segment, a join at every corner and a cap at each
/// open end, each wound the same way so that the nonzero fill of `CoverageRasterizer` is their
/// union.
struct StrokeOutliner {
    /// SVG's default stroke-miterlimit: a sharper corner is bevelled.
    static let miterLimit = 4.0

    let stroke: ShapeStroke
    private var half: Double { stroke.width / 2 }

    init(_ stroke: ShapeStroke) { self.stroke = stroke }

    /// How far the stroke reaches beyond the geometry, at most.
    var reach: Double {
        switch (stroke.join, stroke.cap) {
        case (.miter, _): return half * StrokeOutliner.miterLimit
        case (_, .square): return half * 2.squareRoot()
        default: return half
        }
    }

    func polygons(_ lines: [Polyline]) -> [[Point]] {
        var out: [[Point]] = []
        for line in lines {
            for piece in dashed(line) { outline(piece, into: &out) }
        }
        return out.map { Polyline(points: $0, closed: true).doubleArea < 0 ? $0.reversed() : $0 }
    }

    /// The dashes of `line` (the whole line when there is no dash pattern).
    private func dashed(_ line: Polyline) -> [Polyline] {
        let points = deduplicated(line.points + (line.closed && line.points.count > 2 ? [line.points[0]] : []))
        guard !stroke.dash.isEmpty, points.count > 1 else {
            return [Polyline(points: line.closed ? Array(points.dropLast()) : points, closed: line.closed && points.count > 3)]
        }
        var pieces: [Polyline] = []
        var index = 0, left = stroke.dash[0], on = true
        // The offset's place in the pattern (taken modulo its length, a negative one from the end).
        let total = stroke.dash.reduce(0, +)
        if stroke.dashOffset != 0, total > 0 {
            var phase = stroke.dashOffset.truncatingRemainder(dividingBy: total)
            if phase < 0 { phase += total }
            while phase > 0, phase >= left {
                phase -= left
                index = (index + 1) % stroke.dash.count
                left = stroke.dash[index]
                on.toggle()
            }
            left -= phase
        }
        var current: [Point] = [points[0]]
        for k in 1..<points.count {
            var a = points[k - 1]
            let b = points[k]
            var remaining = distance(a, b)
            while remaining > left {
                let p = a + (b - a) * (left / remaining)
                if on {
                    current.append(p)
                    if current.count > 1 { pieces.append(Polyline(points: current, closed: false)) }
                }
                current = [p]
                remaining -= left
                a = p
                index = (index + 1) % stroke.dash.count
                left = stroke.dash[index]
                on.toggle()
            }
            left -= remaining
            if on { current.append(b) } else { current = [b] }
        }
        if on, current.count > 1 { pieces.append(Polyline(points: current, closed: false)) }
        return pieces.map { Polyline(points: deduplicated($0.points), closed: false) }.filter { $0.points.count > 1 }
    }

    private func outline(_ line: Polyline, into out: inout [[Point]]) {
        let p = line.points
        guard p.count > 1 else { return }
        let n = p.count
        let segments = line.closed ? n : n - 1
        for i in 0..<segments {
            let a = p[i], b = p[(i + 1) % n]
            let d = normalized(b - a), nv = Point(-d.y, d.x) * half
            out.append([a + nv, b + nv, b - nv, a - nv])
        }
        let corners = line.closed ? Array(0..<n) : Array(1..<max(1, n - 1))
        for i in corners {
            let before = p[(i - 1 + n) % n], at = p[i], after = p[(i + 1) % n]
            join(at, normalized(at - before), normalized(after - at), into: &out)
        }
        if !line.closed {
            cap(p[0], normalized(p[0] - p[1]), into: &out)
            cap(p[n - 1], normalized(p[n - 1] - p[n - 2]), into: &out)
        }
    }

    /// The wedge on the outer side of a corner where segment directions `d0` then `d1` meet.
    private func join(_ v: Point, _ d0: Point, _ d1: Point, into out: inout [[Point]]) {
        let turn = d0.x * d1.y - d0.y * d1.x
        guard abs(turn) > 1e-12 || (d0 * d1).sum() < 0 else { return }
        // The outer side is left of the travel for a right turn (y down), right for a left turn.
        let side: Double = turn > 0 ? -1 : 1
        let n0 = Point(-d0.y, d0.x) * (half * side), n1 = Point(-d1.y, d1.x) * (half * side)
        switch stroke.join {
        case .round:
            out.append(PathFlattener.ellipse(center: v, radii: Point(half, half)))
        case .bevel:
            out.append([v, v + n0, v + n1])
        case .miter:
            let cosTheta = max(-1, min(1, (d0 * d1).sum()))
            // 1 / sin(half the angle between the segments) = miter length / stroke width.
            let ratio = 1 / sqrt(max(1e-24, (1 + cosTheta) / 2))
            guard ratio <= StrokeOutliner.miterLimit else {
                out.append([v, v + n0, v + n1])
                return
            }
            let bisector = normalized(n0 + n1)
            out.append([v, v + n0, v + bisector * (half * ratio), v + n1])
        }
    }

    /// A cap at an open end, `d` pointing outwards.
    private func cap(_ end: Point, _ d: Point, into out: inout [[Point]]) {
        let nv = Point(-d.y, d.x) * half
        switch stroke.cap {
        case .butt: return
        case .square: out.append([end + nv, end + nv + d * half, end - nv + d * half, end - nv])
        case .round: out.append(PathFlattener.ellipse(center: end, radii: Point(half, half)))
        }
    }

    private func deduplicated(_ points: [Point]) -> [Point] {
        var out: [Point] = []
        for p in points where out.last.map({ distance($0, p) > 1e-9 }) ?? true { out.append(p) }
        return out
    }

    private func distance(_ a: Point, _ b: Point) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

    private func normalized(_ v: Point) -> Point {
        let l = (v * v).sum().squareRoot()
        return l > 0 ? v / l : Point(0, 0)
    }
}
