import CFFmpeg
import ReelSpec

/// Takes a green screen out of a picture (`chromaKey`, docs/API.md (compositing)), into a new straight-alpha
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
        let range = Float(224 << S.shift), neutral = Float(S.neutral)
        let kb = (Float(keySamples[1]) - neutral) / range, kr = (Float(keySamples[2]) - neutral) / range
        let length = (kb * kb + kr * kr).squareRoot()
        let (dirB, dirR): (Float, Float) = length > 0 ? (kb / length, kr / length) : (0, 0)
        let maximum = Float(S.maximum)
        let similarity = Float(spec.similarity), smoothness = Float(spec.smoothness), spill = Float(spec.spill)
        // Multiplications by reciprocals: a division per block would cost more than the rest.
        let perRange = 1 / range, perSmoothness = smoothness > 0 ? 1 / smoothness : 0
        let (cbPlane, crPlane, alphaPlane) = (PlaneView<S>(out, plane: 1), PlaneView<S>(out, plane: 2), PlaneView<S>(out, plane: 3))
        let (w, h) = (out.width, out.height)
        // Samples here are never negative, so rounding is adding a half and truncating (no libm call
        // in the loop); the block's alpha is worked out once and written to its four pixels.
        for by in 0..<((h + 1) / 2) {
            let cbRow = cbPlane.row(by), crRow = crPlane.row(by)
            let top = alphaPlane.row(2 * by), bottom = 2 * by + 1 < h ? alphaPlane.row(2 * by + 1) : nil
            for bx in 0..<((w + 1) / 2) {
                var cb = (Float(cbRow[bx]) - neutral) * perRange, cr = (Float(crRow[bx]) - neutral) * perRange
                let d = (((cb - kb) * (cb - kb) + (cr - kr) * (cr - kr)) * 0.5).squareRoot()
                let alpha: Float = smoothness > 0 ? min(1, max(0, (d - similarity) * perSmoothness)) : (d > similarity ? 1 : 0)
                let along = cb * dirB + cr * dirR
                if along > 0 && spill > 0 {
                    cb -= spill * along * dirB
                    cr -= spill * along * dirR
                }
                cbRow[bx] = S.clamped(Int32(max(0, neutral + cb * range) + 0.5))
                crRow[bx] = S.clamped(Int32(max(0, neutral + cr * range) + 0.5))
                let x0 = 2 * bx, x1 = min(w, 2 * bx + 2)
                if hadAlpha {
                    for x in x0..<x1 {
                        top[x] = S.clamped(Int32(Float(top[x]) * alpha + 0.5))
                        if let bottom { bottom[x] = S.clamped(Int32(Float(bottom[x]) * alpha + 0.5)) }
                    }
                } else {
                    let a = S.clamped(Int32(maximum * alpha + 0.5))
                    for x in x0..<x1 {
                        top[x] = a
                        bottom?[x] = a
                    }
                }
            }
        }
    }
}
