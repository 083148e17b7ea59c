/// Blends an unrotated layer whose image maps 1:1 onto canvas pixels from (`originX`, `originY`).
///
/// The image has the layer's size rounded to whole pixels; the layer's true edges may be fractional.
/// Each boundary column and row is weighted by how much of it the true rectangle covers (area
/// coverage, 1/256 steps), so a layer moving by fractions of a pixel glides instead of shimmering;
/// pixels just outside the image repeat its edge. Interior rows are plain vectorisable loops, or a
/// `memcpy` for an opaque layer at full opacity. Chroma uses the mean of the 2×2 block's weights and
/// alpha; when the layer starts on an odd pixel its chroma is re-sampled onto the canvas's chroma grid
/// (mean of the two straddled samples) rather than shifted by a pixel.
enum AxisAlignedBlender {
    /// Blends `image`, whose top-left pixel lands on canvas pixel (`ox`, `oy`), onto the visible part of
    /// `canvas`, with edge coverage from `g`'s true edges.
    static func blend<S: PlaneSample>(_ image: LayerImage<S>, originX ox: Int, originY oy: Int, geometry g: LayerGeometry,
                                      onto canvas: Frame, scratch: BlendScratch<S>) {
        let vis = g.visible
        let xa = vis.x, xb = vis.x + vis.width, ya = vis.y, yb = vis.y + vis.height
        // Coverage tables span whole chroma pairs, so the chroma pass can average both columns/rows.
        let xe0 = xa & ~1, xe1 = (xb + 1) & ~1, ye0 = ya & ~1, ye1 = (yb + 1) & ~1
        let colCov = scratch.columns.reserve(xe1 - xe0), rowCov = scratch.rows.reserve(ye1 - ye0)
        for x in xe0..<xe1 { colCov[x - xe0] = coverage(x, g.left, g.right) }
        for y in ye0..<ye1 { rowCov[y - ye0] = coverage(y, g.top, g.bottom) }
        // The fast middle: columns fully covered and inside the image.
        var ma = min(max(xa, ox), xb), mb = max(ma, min(xb, ox + image.width))
        while ma < mb && colCov[ma - xe0] != 256 { ma += 1 }
        while mb > ma && colCov[mb - 1 - xe0] != 256 { mb -= 1 }
        let span = Span(xa: xa, xb: xb, ma: ma, mb: mb, xe0: xe0, ye0: ye0, colCov: colCov, rowCov: rowCov)
        luma(image, ox, oy, span, ya..<yb, g.opacity, PlaneView<S>(canvas, plane: 0))
        chroma(image, ox, oy, span, (ya >> 1)..<((yb + 1) >> 1), g.opacity, canvas, scratch)
    }

    /// The column bounds and coverage tables shared by the luma and chroma passes.
    private struct Span {
        let xa: Int, xb: Int, ma: Int, mb: Int, xe0: Int, ye0: Int
        let colCov: UnsafeMutablePointer<Int32>, rowCov: UnsafeMutablePointer<Int32>
    }

    /// How much of pixel `i…i+1` lies inside `lo…hi`, in 1/256.
    static func coverage(_ i: Int, _ lo: Double, _ hi: Double) -> Int32 {
        let c = min(Double(i + 1), hi) - max(Double(i), lo)
        return Int32((max(0, min(1, c)) * 256).rounded())
    }

    /// Luma: edge columns one by one, the middle of each row through the row kernels.
    private static func luma<S: PlaneSample>(_ img: LayerImage<S>, _ ox: Int, _ oy: Int, _ s: Span, _ rows: Range<Int>, _ op: Int32,
                                             _ dst: PlaneView<S>) {
        for y in rows {
            let rc = s.rowCov[y - s.ye0]
            guard rc > 0 else { continue }
            let w = (op &* rc &+ 128) &>> 8
            let sy = min(max(y - oy, 0), img.height - 1)
            let d = dst.row(y), src = img.y.row(sy), a = img.alpha?.row(sy)
            // Edge columns: partial coverage, or outside the image (repeat its edge pixel).
            func edge(_ x: Int) {
                let wx = (w &* s.colCov[x - s.xe0] &+ 128) &>> 8
                guard wx > 0 else { return }
                let sx = min(max(x - ox, 0), img.width - 1)
                if let a {
                    d[x] = BlendKernels.premultiplied(d[x], src[sx], alpha: a[sx], weight: wx, scale: BlendKernels.alphaScale(wx, S.self))
                } else {
                    d[x] = BlendKernels.opaque(d[x], src[sx], weight: wx)
                }
            }
            for x in s.xa..<s.ma { edge(x) }
            for x in s.mb..<s.xb { edge(x) }
            let off = s.ma - ox
            if let a, let coverage = img.coverage {
                // Only the runs where the layer's alpha is non-zero: elsewhere it leaves `d` as it is.
                coverage.runs(coverage.mask(row: sy), in: off..<(s.mb - ox)) { r in
                    BlendKernels.premultipliedRow(d + (r.lowerBound + ox), src + r.lowerBound, alpha: a + r.lowerBound, count: r.count, weight: w)
                }
            } else if let a {
                BlendKernels.premultipliedRow(d + s.ma, src + off, alpha: a + off, count: s.mb - s.ma, weight: w)
            } else {
                BlendKernels.opaqueRow(d + s.ma, src + off, count: s.mb - s.ma, weight: w)
            }
        }
    }

    /// Chroma: each canvas sample covers 2×2 luma pixels, so it takes their mean coverage and alpha.
    private static func chroma<S: PlaneSample>(_ img: LayerImage<S>, _ ox: Int, _ oy: Int, _ s: Span, _ rows: Range<Int>, _ op: Int32,
                                               _ canvas: Frame, _ scratch: BlendScratch<S>) {
        let ca = s.xa >> 1, cb = (s.xb + 1) >> 1
        // Chroma columns whose two luma columns are both in the fast middle.
        let mca = min(max(ca, (s.ma + 1) >> 1), cb), mcb = max(mca, min(cb, s.mb >> 1))
        let px = ox & 1, py = oy & 1
        let cw = img.chromaWidth, ch = img.chromaHeight
        let gu = scratch.u.reserve(mcb - mca), gv = scratch.v.reserve(mcb - mca), ga = scratch.alpha.reserve(mcb - mca)
        let du = PlaneView<S>(canvas, plane: 1), dv = PlaneView<S>(canvas, plane: 2)
        for r in rows {
            let rcs = s.rowCov[2 * r - s.ye0] &+ s.rowCov[2 * r + 1 - s.ye0]
            guard rcs > 0 else { continue }
            let w = (op &* rcs &+ 256) &>> 9
            // Layer luma rows under this chroma row, and the layer chroma rows they belong to.
            let i0 = 2 * r - oy
            let l0 = min(max(i0, 0), img.height - 1), l1 = min(max(i0 + 1, 0), img.height - 1)
            let j0 = min(max((i0 - py) >> 1, 0), ch - 1), j1 = min(max(((i0 - py) >> 1) + py, 0), ch - 1)
            let a0 = img.alpha?.row(l0), a1 = img.alpha?.row(l1)
            let u0 = img.u.row(j0), u1 = img.u.row(j1), v0 = img.v.row(j0), v1 = img.v.row(j1)
            let dU = du.row(r), dV = dv.row(r)
            // Edge columns, one by one with clamped indices.
            func edge(_ c: Int) {
                let wc = (w &* (s.colCov[2 * c - s.xe0] &+ s.colCov[2 * c + 1 - s.xe0]) &+ 256) &>> 9
                guard wc > 0 else { return }
                let i = 2 * c - ox
                let k0 = min(max((i - px) >> 1, 0), cw - 1), k1 = min(max(((i - px) >> 1) + px, 0), cw - 1)
                let pu = AlphaOps.mean(u0[k0], u0[k1], u1[k0], u1[k1]), pv = AlphaOps.mean(v0[k0], v0[k1], v1[k0], v1[k1])
                if let a0, let a1 {
                    let m0 = min(max(i, 0), img.width - 1), m1 = min(max(i + 1, 0), img.width - 1)
                    let a = AlphaOps.mean(a0[m0], a0[m1], a1[m0], a1[m1]), k = BlendKernels.alphaScale(wc, S.self)
                    dU[c] = BlendKernels.premultipliedChroma(dU[c], pu, alpha: a, weight: wc, scale: k)
                    dV[c] = BlendKernels.premultipliedChroma(dV[c], pv, alpha: a, weight: wc, scale: k)
                } else {
                    dU[c] = BlendKernels.opaque(dU[c], pu, weight: wc)
                    dV[c] = BlendKernels.opaque(dV[c], pv, weight: wc)
                }
            }
            for c in ca..<mca { edge(c) }
            for c in mcb..<cb { edge(c) }
            guard mcb > mca else { continue }
            // The middle, columns `from..<to`: aligned chroma is read in place; an odd origin is
            // re-sampled into a row first.
            func middle(_ from: Int, _ to: Int) {
                let n = to - from
                let first = (2 * from - ox - px) >> 1
                var su = UnsafePointer(u0 + first), sv = UnsafePointer(v0 + first)
                if px != 0 || j0 != j1 {
                    for c in 0..<n {
                        let k0 = first + c, k1 = k0 + px
                        gu[c] = AlphaOps.mean(u0[k0], u0[k1], u1[k0], u1[k1])
                        gv[c] = AlphaOps.mean(v0[k0], v0[k1], v1[k0], v1[k1])
                    }
                    su = UnsafePointer(gu)
                    sv = UnsafePointer(gv)
                }
                if let a0, let a1 {
                    let i = 2 * from - ox
                    for c in 0..<n {
                        let m = i + 2 * c
                        ga[c] = AlphaOps.mean(a0[m], a0[m + 1], a1[m], a1[m + 1])
                    }
                    BlendKernels.premultipliedChromaRow(dU + from, su, alpha: ga, count: n, weight: w)
                    BlendKernels.premultipliedChromaRow(dV + from, sv, alpha: ga, count: n, weight: w)
                } else {
                    BlendKernels.opaqueRow(dU + from, su, count: n, weight: w)
                    BlendKernels.opaqueRow(dV + from, sv, count: n, weight: w)
                }
            }
            if a0 != nil, let coverage = img.coverage {
                // Skipped: chroma samples whose luma, and every layer sample they are made from, are
                // transparent, so they leave the canvas exactly as it is. The rows are those read
                // (after clamping): the alpha rows and the luma rows under the chroma rows. The runs
                // are in the image's luma columns; widened to whole samples.
                let mask = coverage.chromaMask(rows: min(l0, 2 * j0)...max(l1, 2 * j1 + 1))
                coverage.runs(mask, in: (2 * mca - ox)..<(2 * mcb - ox)) { r in
                    let from = max(mca, (r.lowerBound + ox) >> 1), to = min(mcb, (r.upperBound + ox + 1) >> 1)
                    if from < to { middle(from, to) }
                }
            } else {
                middle(mca, mcb)
            }
        }
    }
}
