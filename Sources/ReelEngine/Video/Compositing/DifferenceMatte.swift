import CFFmpeg

/// Recovers a transparent timeline's pictures, with straight alpha, from two renders of it: one over
/// black and one over white (difference matting, as compositors pull a matte from two plates).
///
/// Why two renders rather than an alpha plane carried through the compositor: every stage that
/// draws (fitting and letterboxing, colour cards, layers, the rotated and axis-aligned blenders,
/// every transition, filters) already blends colour correctly over an opaque canvas; a pixel of
/// coverage `a` over a background of luma `B` reads `a·Y + (1−a)·B`, so two backgrounds far apart
/// in luma (219 steps in SDR, 876 at 10 bits; HDR white is placed at reference white, lower) give
/// `a` exactly where each blend rounds, and the premultiplied colour with it. The
/// cost, a second composite, is paid only by the outputs that keep alpha.
///
/// Luma carries the matte at full resolution (black and white differ only in luma); each chroma
/// sample takes the mean alpha of its 2×2 block, the same rule the compositor blends chroma with.
/// Fully transparent pixels are written as video black.
final class DifferenceMatte {
    private var target: Frame?
    /// The canvas's colour: where its black and white lie.
    let canvas: CanvasColor

    /// Black's luma and the distance to white's, in samples of a depth (worked out once).
    private var levels: [SampleDepth: (black: Int, span: Int)] = [:]

    init(canvas: CanvasColor = .bt709) { self.canvas = canvas }

    private func levels<S: PlaneSample>(_: S.Type) throws -> (black: Int, span: Int) {
        let depth: SampleDepth = S.self == UInt16.self ? .ten : .eight
        if let l = levels[depth] { return l }
        let black = Int(try YUVColor(.black, matrix: canvas).samples(S.self)[0])
        let l = (black, Int(try YUVColor(.white, matrix: canvas).samples(S.self)[0]) - black)
        levels[depth] = l
        return l
    }

    /// The straight-alpha YUVA 4:2:0 picture whose render over black is `black` and over white is
    /// `white` (both YUV 4:2:0 of one size and depth, limited range), at their depth. The returned
    /// frame is reused by the next call once its holders have let go of it.
    func extract(black: Frame, white: Frame) throws -> Frame {
        let formats = [SampleDepth.eight.format(alpha: false), SampleDepth.ten.format(alpha: false)]
        try CompositingError.require(black, in: formats, operation: "pulling a matte", role: "render over black")
        try CompositingError.require(white, in: [black.pixelFormat], operation: "pulling a matte", role: "render over white")
        let (w, h) = (black.width, black.height)
        let depth = SampleDepth(canvasFormat: black.pixelFormat) ?? .eight
        if target == nil || target!.width != w || target!.height != h || target!.pixelFormat != depth.format(alpha: true) {
            target = try Frame.video(width: w, height: h, format: depth.format(alpha: true))
        }
        let out = target!
        try out.makeWritable()
        try withExtendedLifetime((black, white)) {
            if depth == .ten {
                try luma(black, white, into: out, UInt16.self)
                chroma(black, into: out, UInt16.self)
            } else {
                try luma(black, white, into: out, UInt8.self)
                chroma(black, into: out, UInt8.self)
            }
        }
        out.pts = black.pts
        return out
    }

    /// Alpha from the luma difference, then luma un-premultiplied from the render over black.
    private func luma<S: PlaneSample>(_ black: Frame, _ white: Frame, into out: Frame, _: S.Type) throws {
        let b = PlaneView<S>(black, plane: 0), wh = PlaneView<S>(white, plane: 0)
        let y = PlaneView<S>(out, plane: 0), a = PlaneView<S>(out, plane: 3)
        let (videoBlack, span) = try levels(S.self)
        let maximum = Int(S.maximum)
        for row in 0..<out.height {
            let rb = b.row(row), rw = wh.row(row), ry = y.row(row), ra = a.row(row)
            for i in 0..<out.width {
                let difference = min(max(Int(rw[i]) - Int(rb[i]), 0), span)
                let alpha = maximum - (difference * maximum + span / 2) / span
                ra[i] = S(truncatingIfNeeded: alpha)
                ry[i] = alpha == 0 ? S(truncatingIfNeeded: videoBlack)
                    : DifferenceMatte.unpremultiply(rb[i], about: videoBlack, alpha: alpha)
            }
        }
    }

    /// Chroma un-premultiplied about neutral by the mean alpha of each 2×2 block.
    private func chroma<S: PlaneSample>(_ black: Frame, into out: Frame, _: S.Type) {
        let a = PlaneView<S>(out, plane: 3), neutral = Int(S.neutral)
        let (cw, ch) = ((out.width + 1) / 2, (out.height + 1) / 2)
        for plane in 1...2 {
            let src = PlaneView<S>(black, plane: plane), dst = PlaneView<S>(out, plane: plane)
            for row in 0..<ch {
                let a0 = a.row(2 * row), a1 = a.row(min(2 * row + 1, out.height - 1))
                let s = src.row(row), d = dst.row(row)
                for c in 0..<cw {
                    let l = 2 * c, r = min(2 * c + 1, out.width - 1)
                    let alpha = Int(AlphaOps.mean(a0[l], a0[r], a1[l], a1[r]))
                    d[c] = alpha == 0 ? S(truncatingIfNeeded: neutral) : DifferenceMatte.unpremultiply(s[c], about: neutral, alpha: alpha)
                }
            }
        }
    }

    /// `neutral + (value − neutral) · maximum / alpha`, rounded and clamped to the sample's range.
    @inline(__always)
    static func unpremultiply<S: PlaneSample>(_ value: S, about neutral: Int, alpha: Int) -> S {
        let offset = (Int(value) - neutral) * Int(S.maximum)
        let scaled = offset >= 0 ? (offset + alpha / 2) / alpha : -((-offset + alpha / 2) / alpha)
        return S.clamped(Int32(min(max(neutral + scaled, 0), Int(S.maximum))))
    }
}
