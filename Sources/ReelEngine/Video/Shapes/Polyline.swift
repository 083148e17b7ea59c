/// A point in canvas pixels (x right, y down; pixel (i, j) covers i…i+1 × j…j+1).
typealias Point = SIMD2<Double>

/// A run of straight segments, closed (a subpath ended by `Z`, a rectangle, an ellipse) or open.
struct Polyline: Sendable {
    var points: [Point]
    var closed: Bool

    /// The box around the points: (min, max); nil for no points.
    static func bounds(_ lines: [Polyline]) -> (min: Point, max: Point)? {
        var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
        for l in lines {
            for p in l.points {
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
            }
        }
        return lo.x <= hi.x ? (lo, hi) : nil
    }

    /// Twice the signed area (positive when the points turn clockwise on screen, y down).
    var doubleArea: Double {
        guard points.count > 2 else { return 0 }
        var sum = 0.0
        var prev = points[points.count - 1]
        for p in points {
            sum += prev.x * p.y - p.x * prev.y
            prev = p
        }
        return sum
    }

    /// The length along the points (and back to the first when closed).
    var length: Double {
        guard points.count > 1 else { return 0 }
        var sum = 0.0
        for i in 1..<points.count { sum += ((points[i] - points[i - 1]) * (points[i] - points[i - 1])).sum().squareRoot() }
        if closed, let first = points.first, let last = points.last { sum += ((first - last) * (first - last)).sum().squareRoot() }
        return sum
    }
}
