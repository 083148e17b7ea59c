import CFFmpeg
import ReelSpec

/// Takes a green screen out of a picture (`chromaKey`, PRODUCT.md §10), into a new straight-alpha
/// picture at the same depth. With the pixel's and the key's chroma Cb, Cr in −0.5…0.5 (samples
/// about neutral over their 224-level range; the picture is already in the canvas's matrix, where
/// the key colour is placed too), d = √(((Cb−Kb)² + (Cr−Kr)²)/2) and alpha =
/// clamp((d − similarity)/smoothness, 0, 1), or d > similarity when smoothness is 0. Spill: with k
/// the key's chroma direction, the part of a pixel's chroma along k (when positive) is taken out
/// `spill` times, so the green cast on what remains goes and other hues are left alone. Chroma is
/// 4:2:0: a block's four pixels share its alpha, multiplied with any alpha the picture had.
enum ChromaKeyer {
    static func key(_ picture: Frame, _ spec: ChromaKeySpec, color: CanvasColor) throws -> Frame {
        try CompositingError.require(picture, in: SampleDepth.eight.formats + SampleDepth.ten.formats,
                                     operation: "keying a green screen", role: "picture")
        let depth = SampleDepth(canvasFormat: picture.pixelFormat) ?? .eight
        let out = try Frame.video(width: picture.width, height: picture.height, format: depth.format(alpha: true))
        let hadAlpha = picture.pixelFormat == depth.format(alpha: true)
        if depth == .ten {
            try key(UInt16.self, picture, into: out, spec, color, hadAlpha: hadAlpha)
        } else {
            try key(UInt8.self, picture, into: out, spec, color, hadAlpha: hadAlpha)
        }
        return out
    }

    private static func key<S: PlaneSample>(_: S.Type, _ picture: Frame, into out: Frame, _ spec: ChromaKeySpec, _ color: CanvasColor,
                                            hadAlpha: Bool) throws {
        PlaneOps.copyPlanes(of: picture, into: out, at: PixelRect(x: 0, y: 0, width: picture.width, height: picture.height))
        let keySamples = try YUVColor(spec.color, matrix: color).samples(S.self)
        let range = Double(224 << S.shift), neutral = Double(S.neutral)
        let kb = (Double(keySamples[1]) - neutral) / range, kr = (Double(keySamples[2]) - neutral) / range
        let length = (kb * kb + kr * kr).squareRoot()
        let direction = length > 0 ? (kb / length, kr / length) : (0.0, 0.0)
        let maximum = Double(S.maximum)
        let (cbPlane, crPlane, alphaPlane) = (PlaneView<S>(out, plane: 1), PlaneView<S>(out, plane: 2), PlaneView<S>(out, plane: 3))
        let (w, h) = (out.width, out.height)
        for by in 0..<((h + 1) / 2) {
            for bx in 0..<((w + 1) / 2) {
                var cb = (Double(cbPlane.row(by)[bx]) - neutral) / range, cr = (Double(crPlane.row(by)[bx]) - neutral) / range
                let d = (((cb - kb) * (cb - kb) + (cr - kr) * (cr - kr)) / 2).squareRoot()
                let alpha = spec.smoothness > 0 ? min(1, max(0, (d - spec.similarity) / spec.smoothness)) : (d > spec.similarity ? 1 : 0)
                let along = cb * direction.0 + cr * direction.1
                if along > 0 && spec.spill > 0 {
                    cb -= spec.spill * along * direction.0
                    cr -= spec.spill * along * direction.1
                }
                cbPlane.row(by)[bx] = S.clamped(Int32((neutral + cb * range).rounded()))
                crPlane.row(by)[bx] = S.clamped(Int32((neutral + cr * range).rounded()))
                for y in (2 * by)..<min(h, 2 * by + 2) {
                    let row = alphaPlane.row(y)
                    for x in (2 * bx)..<min(w, 2 * bx + 2) {
                        let kept = hadAlpha ? Double(row[x]) * alpha : maximum * alpha
                        row[x] = S.clamped(Int32(kept.rounded()))
                    }
                }
            }
        }
    }
}
