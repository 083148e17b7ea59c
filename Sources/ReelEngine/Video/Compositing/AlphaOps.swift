/// Alpha arithmetic on planes of any `PlaneSample`: premultiplying a straight-alpha picture (as
/// decoders deliver PNG and ProRes 4444 alpha) and reducing alpha to chroma resolution.
///
/// Luma is premultiplied towards 0 (`Y·a`), chroma towards its neutral value (`neutral + (C−neutral)·a`):
/// a resampler's overshoot where alpha clips at the maximum then never tints a grey layer (white
/// text, logos), and the transparent pixels of any colour all become neutral.
enum AlphaOps {
    /// `value × alpha / maximum`, correctly rounded, without a division.
    @inline(__always)
    static func multiply<S: PlaneSample>(_ value: S, _ alpha: S) -> S {
        let t = value.int32 &* alpha.int32 &+ S.neutral
        return S(truncatingIfNeeded: (t &+ (t &>> S.bits)) &>> S.bits)
    }

    /// `neutral + (value − neutral) × alpha / maximum`, correctly rounded: chroma premultiplied about
    /// neutral.
    @inline(__always)
    static func multiplyChroma<S: PlaneSample>(_ value: S, _ alpha: S) -> S {
        let n = S(truncatingIfNeeded: S.neutral)
        return value >= n ? n &+ multiply(value &- n, alpha) : n &- multiply(n &- value, alpha)
    }

    /// Writes `crop` of the straight-alpha YUVA 4:2:0 `src` into `dst` (the same format, at least as
    /// large), premultiplied: luma by its own alpha, each chroma sample (about neutral) by the mean
    /// alpha of its 2×2 block.
    static func premultiply<S: PlaneSample>(_ src: Frame, crop: PixelRect, into dst: Frame, _: S.Type) {
        let sy = PlaneView<S>(src, plane: 0, x: crop.x, y: crop.y), sa = PlaneView<S>(src, plane: 3, x: crop.x, y: crop.y)
        let dy = PlaneView<S>(dst, plane: 0), da = PlaneView<S>(dst, plane: 3)
        for row in 0..<crop.height {
            let s = sy.row(row), a = sa.row(row), d = dy.row(row), dA = da.row(row)
            for i in 0..<crop.width {
                d[i] = multiply(s[i], a[i])
                dA[i] = a[i]
            }
        }
        let cw = (crop.width + 1) / 2, ch = (crop.height + 1) / 2
        for plane in 1...2 {
            let s = PlaneView<S>(src, plane: plane, x: crop.x / 2, y: crop.y / 2), d = PlaneView<S>(dst, plane: plane)
            for row in 0..<ch {
                let a0 = sa.row(2 * row), a1 = sa.row(min(2 * row + 1, crop.height - 1))
                let sRow = s.row(row), dRow = d.row(row)
                for k in 0..<cw {
                    let i0 = 2 * k, i1 = min(2 * k + 1, crop.width - 1)
                    dRow[k] = multiplyChroma(sRow[k], mean(a0[i0], a0[i1], a1[i0], a1[i1]))
                }
            }
        }
    }

    /// Alpha at chroma resolution: each sample the mean of its 2×2 block of the `width`×`height`
    /// `alpha` (the last row/column repeats for odd sizes), written into `buffer` with stride
    /// `(width + 1) / 2`.
    static func chromaAlpha<S: PlaneSample>(_ alpha: PlaneView<S>, width: Int, height: Int, into buffer: ScratchBuffer<S>) -> PlaneView<S> {
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        let out = PlaneView(base: buffer.reserve(cw * ch), stride: cw)
        for row in 0..<ch {
            let a0 = alpha.row(2 * row), a1 = alpha.row(min(2 * row + 1, height - 1)), d = out.row(row)
            for k in 0..<cw {
                let i0 = 2 * k, i1 = min(2 * k + 1, width - 1)
                d[k] = mean(a0[i0], a0[i1], a1[i0], a1[i1])
            }
        }
        return out
    }

    /// The rounded mean of four samples.
    @inline(__always)
    static func mean<S: PlaneSample>(_ a: S, _ b: S, _ c: S, _ d: S) -> S {
        S(truncatingIfNeeded: (a.int32 &+ b.int32 &+ c.int32 &+ d.int32 &+ 2) &>> 2)
    }
}
