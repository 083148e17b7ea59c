/// Alpha arithmetic on 8-bit planes: premultiplying a straight-alpha picture (as decoders deliver PNG
/// and ProRes 4444 alpha) and reducing alpha to chroma resolution.
///
/// Luma is premultiplied towards 0 (`Y·a`), chroma towards its neutral value (`128 + (C−128)·a`): a
/// resampler's overshoot where alpha clips at 255 then never tints a grey layer (white text, logos),
/// and the transparent pixels of any colour all become neutral.
enum AlphaOps {
    /// `value × alpha / 255`, correctly rounded, without a division.
    @inline(__always)
    static func multiply(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
        let t = Int32(value) &* Int32(alpha) &+ 128
        return UInt8(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
    }

    /// `128 + (value − 128) × alpha / 255`, correctly rounded: chroma premultiplied about neutral.
    @inline(__always)
    static func multiplyChroma(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
        value >= 128 ? 128 &+ multiply(value &- 128, alpha) : 128 &- multiply(128 &- value, alpha)
    }

    /// Writes `crop` of the straight-alpha YUVA 4:2:0 `src` into `dst` (YUVA 4:2:0, at least as large),
    /// premultiplied: luma by its own alpha, each chroma sample (about 128) by the mean alpha of its
    /// 2×2 block.
    static func premultiply(_ src: Frame, crop: PixelRect, into dst: Frame) {
        let sy = PlaneView(src, plane: 0, x: crop.x, y: crop.y), sa = PlaneView(src, plane: 3, x: crop.x, y: crop.y)
        let dy = PlaneView(dst, plane: 0), da = PlaneView(dst, plane: 3)
        for row in 0..<crop.height {
            let s = sy.row(row), a = sa.row(row), d = dy.row(row), dA = da.row(row)
            for i in 0..<crop.width {
                d[i] = multiply(s[i], a[i])
                dA[i] = a[i]
            }
        }
        let cw = (crop.width + 1) / 2, ch = (crop.height + 1) / 2
        for plane in 1...2 {
            let s = PlaneView(src, plane: plane, x: crop.x / 2, y: crop.y / 2), d = PlaneView(dst, plane: plane)
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
    static func chromaAlpha(_ alpha: PlaneView, width: Int, height: Int, into buffer: ScratchBuffer<UInt8>) -> PlaneView {
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
    static func mean(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (Int32(a) &+ Int32(b) &+ Int32(c) &+ Int32(d) &+ 2) &>> 2)
    }
}
