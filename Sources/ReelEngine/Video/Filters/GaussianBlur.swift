/// A Gaussian blur of standard deviation `sigma` px (as CSS's `blur()`): `BoxBlur`'s three box
/// passes of width 2r+1 have variance r² + r, so r is the integer that brings it closest to sigma²;
/// then a dim towards black. What fills the bars of `fit: "blur"`. Chroma (half resolution) is
/// blurred by half of sigma; alpha, if any, is left alone.
enum GaussianBlur {
    static func apply<S: PlaneSample>(to frame: Frame, sigma: Double, dim: Double, _: S.Type) {
        let w = frame.width, h = frame.height, cw = (w + 1) / 2, ch = (h + 1) / 2
        BoxBlur<S>(radius: boxRadius(sigma: sigma)).apply(to: PlaneView(frame, plane: 0), width: w, height: h)
        let chroma = BoxBlur<S>(radius: boxRadius(sigma: sigma / 2))
        chroma.apply(to: PlaneView(frame, plane: 1), width: cw, height: ch)
        chroma.apply(to: PlaneView(frame, plane: 2), width: cw, height: ch)
        guard dim > 0 else { return }
        let keep = 1 - min(1, max(0, dim))
        let black = Double(16 << S.shift), neutral = Double(S.neutral)
        for (plane, pw, ph, base) in [(0, w, h, black), (1, cw, ch, neutral), (2, cw, ch, neutral)] {
            let view = PlaneView<S>(frame, plane: plane)
            for y in 0..<ph {
                let row = view.row(y)
                for x in 0..<pw { row[x] = S.clamped(Int32((base + (Double(row[x]) - base) * keep).rounded())) }
            }
        }
    }

    /// The box radius r whose three passes (variance r² + r) come closest to sigma².
    static func boxRadius(sigma: Double) -> Int {
        guard sigma > 0, sigma.isFinite else { return 0 }
        return Int(((-1 + (1 + 4 * sigma * sigma).squareRoot()) / 2).rounded())
    }
}
