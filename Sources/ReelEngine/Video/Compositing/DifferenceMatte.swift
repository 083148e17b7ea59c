import CFFmpeg

/// Recovers a transparent timeline's pictures, with straight alpha, from two renders of it: one over
/// black and one over white (difference matting, as compositors pull a matte from two plates).
///
/// Why two renders rather than an alpha plane carried through the compositor: every stage that
/// draws (fitting and letterboxing, colour cards, layers, the rotated and axis-aligned blenders,
/// every transition, filters) already blends colour correctly over an opaque canvas; a pixel of
/// coverage `a` over a background of luma `B` reads `a·Y + (1−a)·B`, so two backgrounds 219 luma
/// steps apart give `a` exactly where each blend rounds, and the premultiplied colour with it. The
/// cost, a second composite, is paid only by the outputs that keep alpha.
///
/// Luma carries the matte at full resolution (black and white differ only in luma); each chroma
/// sample takes the mean alpha of its 2×2 block, the same rule the compositor blends chroma with.
/// Fully transparent pixels are written as video black.
final class DifferenceMatte {
    private var target: Frame?

    init() {}

    /// The straight-alpha YUVA 4:2:0 picture whose render over black is `black` and over white is
    /// `white` (both YUV 4:2:0 of one size, limited range). The returned frame is reused by the
    /// next call once its holders have let go of it.
    func extract(black: Frame, white: Frame) throws -> Frame {
        try CompositingError.require(black, in: [AV_PIX_FMT_YUV420P], operation: "pulling a matte", role: "render over black")
        try CompositingError.require(white, in: [AV_PIX_FMT_YUV420P], operation: "pulling a matte", role: "render over white")
        let (w, h) = (black.width, black.height)
        if target == nil || target!.width != w || target!.height != h {
            target = try Frame.video(width: w, height: h, format: AV_PIX_FMT_YUVA420P)
        }
        let out = target!
        try out.makeWritable()
        withExtendedLifetime((black, white)) {
            luma(black, white, into: out)
            chroma(black, into: out)
        }
        out.pts = black.pts
        return out
    }

    /// Alpha from the luma difference, then luma un-premultiplied from the render over black.
    private func luma(_ black: Frame, _ white: Frame, into out: Frame) {
        let b = PlaneView(black, plane: 0), wh = PlaneView(white, plane: 0)
        let y = PlaneView(out, plane: 0), a = PlaneView(out, plane: 3)
        for row in 0..<out.height {
            let rb = b.row(row), rw = wh.row(row), ry = y.row(row), ra = a.row(row)
            for i in 0..<out.width {
                let difference = min(max(Int(rw[i]) - Int(rb[i]), 0), 219)
                let alpha = 255 - (difference * 255 + 109) / 219
                ra[i] = UInt8(alpha)
                ry[i] = alpha == 0 ? 16 : DifferenceMatte.unpremultiply(rb[i], about: 16, alpha: alpha)
            }
        }
    }

    /// Chroma un-premultiplied about neutral by the mean alpha of each 2×2 block.
    private func chroma(_ black: Frame, into out: Frame) {
        let a = PlaneView(out, plane: 3)
        let (cw, ch) = ((out.width + 1) / 2, (out.height + 1) / 2)
        for plane in 1...2 {
            let src = PlaneView(black, plane: plane), dst = PlaneView(out, plane: plane)
            for row in 0..<ch {
                let a0 = a.row(2 * row), a1 = a.row(min(2 * row + 1, out.height - 1))
                let s = src.row(row), d = dst.row(row)
                for c in 0..<cw {
                    let l = 2 * c, r = min(2 * c + 1, out.width - 1)
                    let alpha = Int(AlphaOps.mean(a0[l], a0[r], a1[l], a1[r]))
                    d[c] = alpha == 0 ? 128 : DifferenceMatte.unpremultiply(s[c], about: 128, alpha: alpha)
                }
            }
        }
    }

    /// `neutral + (value − neutral) · 255 / alpha`, rounded and clamped to a byte.
    @inline(__always)
    static func unpremultiply(_ value: UInt8, about neutral: Int, alpha: Int) -> UInt8 {
        let offset = (Int(value) - neutral) * 255
        let scaled = offset >= 0 ? (offset + alpha / 2) / alpha : -((-offset + alpha / 2) / alpha)
        return UInt8(min(max(neutral + scaled, 0), 255))
    }
}
