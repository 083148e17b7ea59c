/// Exact area coverage of polygons on a pixel grid: each edge adds its signed area to the cells it
/// crosses and its signed height to everything right of them (the accumulation scheme of font-rs
/// and stb_truetype's v2 rasterizer), then a running sum along each row gives every pixel the
/// area of the polygon inside it. Winding is nonzero: overlapping pieces of the same orientation
/// add up and are clamped at full coverage; holes wound the other way subtract.
///
/// Coordinates are relative to the grid's top-left corner; parts outside the grid are clipped
/// (x is clamped to the grid's sides, which leaves the area inside unchanged).
struct CoverageRasterizer {
    let width: Int
    let height: Int
    /// Two spare cells a row take what lands on or right of the right side.
    private let stride: Int
    private var cells: [Double]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 2
        cells = [Double](repeating: 0, count: stride * height)
    }

    /// Adds a closed polygon (the last point joins the first).
    mutating func add(_ points: [Point], offset: Point = Point(0, 0)) {
        guard points.count > 2 else { return }
        var prev = points[points.count - 1] - offset
        for p in points {
            let q = p - offset
            line(prev, q)
            prev = q
        }
    }

    /// Coverage 0…1 of each pixel, row by row.
    func coverage() -> [Float] {
        var out = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            var sum = 0.0
            for x in 0..<width {
                sum += cells[y * stride + x]
                out[y * width + x] = Float(min(1, abs(sum)))
            }
        }
        return out
    }

    private mutating func line(_ a: Point, _ b: Point) {
        guard a.y != b.y else { return }
        let dir: Double = a.y < b.y ? 1 : -1
        let (p0, p1) = a.y < b.y ? (a, b) : (b, a)
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        let yStart = max(0, Int(p0.y.rounded(.down))), yEnd = min(height, Int(p1.y.rounded(.up)))
        guard yStart < yEnd else { return }
        let w = Double(width)
        for y in yStart..<yEnd {
            let top = max(Double(y), p0.y), bottom = min(Double(y + 1), p1.y)
            guard bottom > top else { continue }
            let dy = bottom - top
            let xTop = min(w, max(0, p0.x + (top - p0.y) * dxdy))
            let xBottom = min(w, max(0, p0.x + (bottom - p0.y) * dxdy))
            span(row: y * stride, xTop, xBottom, dy * dir)
        }
    }

    /// One row's share of an edge crossing it from `xa` to `xb` over height `d` (signed): the area
    /// right of the edge within each cell it passes, the full height beyond.
    private mutating func span(row: Int, _ xa: Double, _ xb: Double, _ d: Double) {
        let (lo, hi) = xa < xb ? (xa, xb) : (xb, xa)
        let first = Int(lo.rounded(.down)), last = Int(hi.rounded(.up))
        if last <= first + 1 {
            // Within one cell: the part right of the edge's mean x.
            let mid = 0.5 * (lo + hi) - Double(first)
            cells[row + first] += d * (1 - mid)
            cells[row + first + 1] += d * mid
            return
        }
        let s = 1 / (hi - lo)
        let f0 = lo - Double(first)
        let a0 = 0.5 * s * (1 - f0) * (1 - f0)
        let f1 = hi - Double(last) + 1
        let am = 0.5 * s * f1 * f1
        cells[row + first] += d * a0
        if last == first + 2 {
            cells[row + first + 1] += d * (1 - a0 - am)
        } else {
            let a1 = s * (1.5 - f0)
            cells[row + first + 1] += d * (a1 - a0)
            for x in (first + 2)..<(last - 1) { cells[row + x] += d * s }
            let a2 = a1 + Double(last - first - 3) * s
            cells[row + last - 1] += d * (1 - a2 - am)
        }
        cells[row + last] += d * am
    }
}
