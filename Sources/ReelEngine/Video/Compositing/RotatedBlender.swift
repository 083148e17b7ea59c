/// Blends a layer turned by any angle — or drawn from an image whose size is not the drawn size — by
/// inverse mapping: each canvas sample is taken back into the layer's own axes, read bilinearly from
/// the (premultiplied) image, and weighted by how far it lies inside the layer's edges measured over
/// the sample's footprint (`|cos| + |sin|` pixels wide along each layer axis). That coverage is
/// continuous in position and angle, so turned and moving edges are anti-aliased without shimmer.
///
/// Per row the span that can be touched, and its interior (fully covered, every bilinear tap inside
/// the image), are solved in `Double`; per pixel everything is 64-bit integer arithmetic with 20
/// fractional bits, and the interior skips coverage and clamping altogether. Chroma is sampled on its own grid (one sample per 2×2
/// canvas pixels, footprint doubled) from the image's chroma and 2×2-mean alpha.
enum RotatedBlender {
    /// Blends `image` (drawn at `g`'s size, turned by `g`'s rotation) onto the visible part of `canvas`.
    static func blend<S: PlaneSample>(_ image: LayerImage<S>, geometry g: LayerGeometry, onto canvas: Frame) {
        assert(image.alpha == nil || image.chromaAlpha != nil, "a layer with alpha needs its chroma-resolution alpha")
        let vis = g.visible
        let xb = vis.x + vis.width, yb = vis.y + vis.height
        let luma = Grid(g, step: 1, image: image, width: image.width, height: image.height)
        luma.run(rows: vis.y..<yb, cols: vis.x..<xb, src: image.y, dst: PlaneView<S>(canvas, plane: 0),
                 src2: nil, dst2: nil, alpha: image.alpha)
        let chroma = Grid(g, step: 2, image: image, width: image.chromaWidth, height: image.chromaHeight)
        chroma.run(rows: (vis.y >> 1)..<((yb + 1) >> 1), cols: (vis.x >> 1)..<((xb + 1) >> 1),
                   src: image.u, dst: PlaneView<S>(canvas, plane: 1), src2: image.v, dst2: PlaneView<S>(canvas, plane: 2),
                   alpha: image.chromaAlpha)
    }

    /// One sampling grid (luma: a sample per canvas pixel; chroma: per 2×2) mapped into the layer.
    private struct Grid {
        static let bits = 20
        static let one = 1 << bits
        let g: LayerGeometry
        let step: Double
        /// Image samples of this grid per layer pixel, horizontally and vertically.
        let ku: Double, kv: Double
        /// The image plane's size in this grid's samples.
        let width: Int, height: Int
        /// 1 / footprint (16 fractional bits), and the coverage caps for layers thinner than it.
        let invFootprint: Int, capA: Int, capB: Int
        let footprint: Double

        init<S: PlaneSample>(_ g: LayerGeometry, step: Double, image: LayerImage<S>, width: Int, height: Int) {
            self.g = g
            self.step = step
            ku = Double(image.width) / g.width / step
            kv = Double(image.height) / g.height / step
            self.width = width
            self.height = height
            footprint = step * (abs(g.cos) + abs(g.sin))
            invFootprint = Int((65536 / footprint).rounded())
            capA = Int((min(1, g.width / footprint) * Double(Grid.one)).rounded())
            capB = Int((min(1, g.height / footprint) * Double(Grid.one)).rounded())
        }

        func run<S: PlaneSample>(rows: Range<Int>, cols: Range<Int>, src: PlaneView<S>, dst: PlaneView<S>, src2: PlaneView<S>?,
                                 dst2: PlaneView<S>?, alpha: PlaneView<S>?) {
            let c = g.cos, s = g.sin, hw = g.width / 2, hh = g.height / 2
            let inner = (a: hw - footprint / 2, b: hh - footprint / 2)
            let hasInterior = capA == Grid.one && capB == Grid.one && width > 1 && height > 1 && inner.a > 0 && inner.b > 0
            for y in rows {
                let dy = step * (Double(y) + 0.5) - g.centerY
                // Layer coordinates at grid column 0; each column adds (step·cos, −step·sin).
                let dx0 = step * 0.5 - g.centerX
                let a0 = dx0 * c + dy * s, b0 = -dx0 * s + dy * c
                let u0 = (a0 + hw) * ku - 0.5, v0 = (b0 + hh) * kv - 0.5
                let (aLo, aHi) = Grid.interval(a0, step * c, hw + footprint / 2)
                let (bLo, bHi) = Grid.interval(b0, -step * s, hh + footprint / 2)
                let lo = max(Double(cols.lowerBound), aLo.rounded(.down), bLo.rounded(.down))
                let hi = min(Double(cols.upperBound), aHi.rounded(.up) + 1, bHi.rounded(.up) + 1)
                guard lo < hi else { continue }
                let row = Row(a0: a0, b0: b0, u0: u0, v0: v0, grid: self, y: y, dst: dst, dst2: dst2)
                let x0 = Int(lo), x1 = Int(hi)
                // The interior: fully covered, and all four bilinear taps inside the image (1-pixel margin).
                var i0 = x1, i1 = x1
                if hasInterior {
                    let ia = Grid.interval(a0, step * c, inner.a), ib = Grid.interval(b0, -step * s, inner.b)
                    let iu = Grid.interval(u0 - Double(width - 1) / 2, step * c * ku, Double(width - 1) / 2)
                    let iv = Grid.interval(v0 - Double(height - 1) / 2, -step * s * kv, Double(height - 1) / 2)
                    let first = max(ia.0, ib.0, iu.0, iv.0).rounded(.down) + 2
                    let last = min(ia.1, ib.1, iu.1, iv.1).rounded(.up) - 1
                    if first < last {
                        i0 = min(max(x0, Int(max(first, Double(x0)))), x1)
                        i1 = max(i0, min(x1, Int(min(last, Double(x1)))))
                    }
                }
                row.edges(x0..<i0, src: src, src2: src2, alpha: alpha)
                row.interior(i0..<i1, src: src, src2: src2, alpha: alpha)
                row.edges(i1..<x1, src: src, src2: src2, alpha: alpha)
            }
        }

        /// The open interval of `x` where `|value + step·x| < limit` (everything or nothing when the
        /// value does not change along the row).
        static func interval(_ value: Double, _ step: Double, _ limit: Double) -> (Double, Double) {
            guard abs(step) > 1e-12 else {
                return abs(value) < limit ? (-.infinity, .infinity) : (0, -1)
            }
            let t1 = (-limit - value) / step, t2 = (limit - value) / step
            return (min(t1, t2), max(t1, t2))
        }
    }

    /// One canvas row of a grid: layer coordinates are linear in the column, so each segment starts
    /// from exact `Double` values and then steps in fixed point.
    private struct Row<S: PlaneSample> {
        let a0: Double, b0: Double, u0: Double, v0: Double
        let grid: Grid
        let d: UnsafeMutablePointer<S>, d2: UnsafeMutablePointer<S>?

        init(a0: Double, b0: Double, u0: Double, v0: Double, grid: Grid, y: Int, dst: PlaneView<S>, dst2: PlaneView<S>?) {
            self.a0 = a0
            self.b0 = b0
            self.u0 = u0
            self.v0 = v0
            self.grid = grid
            d = dst.row(y)
            d2 = dst2?.row(y)
        }

        /// Fixed-point layer coordinates at column `x`, and their steps per column.
        private func start(_ x: Int) -> (a: Int, b: Int, u: Int, v: Int) {
            let f = Double(Grid.one), t = Double(x) * grid.step, c = grid.g.cos, s = grid.g.sin
            return (Int(((a0 + t * c) * f).rounded()), Int(((b0 - t * s) * f).rounded()),
                    Int(((u0 + t * c * grid.ku) * f).rounded()), Int(((v0 - t * s * grid.kv) * f).rounded()))
        }

        private var steps: (a: Int, b: Int, u: Int, v: Int) {
            let f = Double(Grid.one), c = grid.g.cos, s = grid.g.sin, st = grid.step
            return (Int((st * c * f).rounded()), Int((-st * s * f).rounded()),
                    Int((st * c * grid.ku * f).rounded()), Int((-st * s * grid.kv * f).rounded()))
        }

        /// Bilinear sample at integer tap (`sx`, `sy`) with 8-bit fractions; the caller keeps
        /// `sx + dx` and `sy + dy` inside the plane.
        @inline(__always)
        private func bilinear(_ p: PlaneView<S>, _ sx: Int, _ sy: Int, _ dx: Int, _ dy: Int, _ fx: Int32, _ fy: Int32) -> S {
            let r0 = p.row(sy) + sx, r1 = p.row(sy + dy) + sx
            let top = r0[0].int32 &* (256 &- fx) &+ r0[dx].int32 &* fx
            let bottom = r1[0].int32 &* (256 &- fx) &+ r1[dx].int32 &* fx
            return S(truncatingIfNeeded: (top &* (256 &- fy) &+ bottom &* fy &+ 32768) &>> 16)
        }

        /// Fully covered columns whose taps are all inside the image: no coverage, no clamping, and a
        /// plain store for an opaque layer at full opacity.
        func interior(_ xs: Range<Int>, src: PlaneView<S>, src2: PlaneView<S>?, alpha: PlaneView<S>?) {
            guard !xs.isEmpty else { return }
            let bits = Grid.bits, fracShift = Grid.bits - 8, w = grid.g.opacity
            let k = BlendKernels.alphaScale(w, S.self)
            var (_, _, u, v) = start(xs.lowerBound)
            let (_, _, du, dv) = steps
            for x in xs {
                let sx = u &>> bits, sy = v &>> bits
                let fx = Int32(truncatingIfNeeded: (u &>> fracShift) & 255), fy = Int32(truncatingIfNeeded: (v &>> fracShift) & 255)
                u &+= du
                v &+= dv
                let p = bilinear(src, sx, sy, 1, 1, fx, fy)
                if let alpha {
                    let al = bilinear(alpha, sx, sy, 1, 1, fx, fy)
                    if let src2, let d2 {
                        d[x] = BlendKernels.premultipliedChroma(d[x], p, alpha: al, weight: w, scale: k)
                        d2[x] = BlendKernels.premultipliedChroma(d2[x], bilinear(src2, sx, sy, 1, 1, fx, fy), alpha: al, weight: w, scale: k)
                    } else {
                        d[x] = BlendKernels.premultiplied(d[x], p, alpha: al, weight: w, scale: k)
                    }
                } else if w >= 65536 {
                    d[x] = p
                    if let src2, let d2 { d2[x] = bilinear(src2, sx, sy, 1, 1, fx, fy) }
                } else {
                    d[x] = BlendKernels.opaque(d[x], p, weight: w)
                    if let src2, let d2 { d2[x] = BlendKernels.opaque(d2[x], bilinear(src2, sx, sy, 1, 1, fx, fy), weight: w) }
                }
            }
        }

        /// Columns near the layer's edges (or beyond the image's last taps): coverage per pixel, taps
        /// clamped to the image.
        func edges(_ xs: Range<Int>, src: PlaneView<S>, src2: PlaneView<S>?, alpha: PlaneView<S>?) {
            guard !xs.isEmpty else { return }
            let bits = Grid.bits, one = Grid.one, half = one / 2, fracShift = bits - 8
            let maxU = (grid.width - 1) << bits, maxV = (grid.height - 1) << bits
            let hwF = Int((grid.g.width / 2 * Double(one)).rounded()), hhF = Int((grid.g.height / 2 * Double(one)).rounded())
            let op = Int(grid.g.opacity), inv = grid.invFootprint
            var (a, b, u, v) = start(xs.lowerBound)
            let (da, db, du, dv) = steps
            for x in xs {
                defer { a &+= da; b &+= db; u &+= du; v &+= dv }
                // Coverage along each layer axis: distance inside the edge over the footprint, +½.
                let covA = min(max((((hwF &- abs(a)) &* inv) &>> 16) &+ half, 0), grid.capA)
                let covB = min(max((((hhF &- abs(b)) &* inv) &>> 16) &+ half, 0), grid.capB)
                let w = Int32(truncatingIfNeeded: (((op &* covA) &>> bits) &* covB) &>> bits)
                guard w > 0 else { continue }
                let uc = min(max(u, 0), maxU), vc = min(max(v, 0), maxV)
                let sx = uc &>> bits, sy = vc &>> bits
                let fx = Int32(truncatingIfNeeded: (uc &>> fracShift) & 255), fy = Int32(truncatingIfNeeded: (vc &>> fracShift) & 255)
                let dx = sx < grid.width - 1 ? 1 : 0, dy = sy < grid.height - 1 ? 1 : 0
                let p = bilinear(src, sx, sy, dx, dy, fx, fy)
                if let alpha {
                    let al = bilinear(alpha, sx, sy, dx, dy, fx, fy), k = BlendKernels.alphaScale(w, S.self)
                    if let src2, let d2 {
                        // Chroma: premultiplied about neutral.
                        d[x] = BlendKernels.premultipliedChroma(d[x], p, alpha: al, weight: w, scale: k)
                        d2[x] = BlendKernels.premultipliedChroma(d2[x], bilinear(src2, sx, sy, dx, dy, fx, fy), alpha: al, weight: w, scale: k)
                    } else {
                        d[x] = BlendKernels.premultiplied(d[x], p, alpha: al, weight: w, scale: k)
                    }
                } else {
                    d[x] = BlendKernels.opaque(d[x], p, weight: w)
                    if let src2, let d2 { d2[x] = BlendKernels.opaque(d2[x], bilinear(src2, sx, sy, dx, dy, fx, fy), weight: w) }
                }
            }
        }
    }
}
