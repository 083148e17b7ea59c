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
        let range = Float(224 << S.shift), neutral = Float(S.neutral)
        let kb = (Float(keySamples[1]) - neutral) / range, kr = (Float(keySamples[2]) - neutral) / range
        let length = (kb * kb + kr * kr).squareRoot()
        let (dirB, dirR): (Float, Float) = length > 0 ? (kb / length, kr / length) : (0, 0)
        let kernel = Kernel(kb: kb, kr: kr, dirB: dirB, dirR: dirR, spec: spec)
        let maximum = Float(S.maximum)
        let (cbPlane, crPlane, alphaPlane) = (PlaneView<S>(out, plane: 1), PlaneView<S>(out, plane: 2), PlaneView<S>(out, plane: 3))
        let (w, h) = (out.width, out.height), blocks = (w + 1) / 2
        // Eight blocks at a time (the last group of a row partly); a block's alpha is worked out
        // once and written to its four pixels.
        for by in 0..<((h + 1) / 2) {
            let cbRow = cbPlane.row(by), crRow = crPlane.row(by)
            let top = alphaPlane.row(2 * by), bottom = 2 * by + 1 < h ? alphaPlane.row(2 * by + 1) : nil
            var bx = 0
            while bx < blocks {
                let lanes = min(8, blocks - bx)
                var cb = SIMD8<Float>(), cr = SIMD8<Float>()
                for k in 0..<lanes {
                    cb[k] = Float(cbRow[bx + k])
                    cr[k] = Float(crRow[bx + k])
                }
                let alpha = kernel.key(cb: &cb, cr: &cr, neutral: neutral, range: range)
                let low = SIMD8<Float>(repeating: 0), high = SIMD8<Float>(repeating: maximum)
                let outCb = SIMD8<Int32>(pointwiseMin(pointwiseMax(cb + 0.5, low), high), rounding: .towardZero)
                let outCr = SIMD8<Int32>(pointwiseMin(pointwiseMax(cr + 0.5, low), high), rounding: .towardZero)
                let opaque = SIMD8<Int32>(alpha * maximum + 0.5, rounding: .towardZero)
                for k in 0..<lanes {
                    cbRow[bx + k] = S(truncatingIfNeeded: outCb[k])
                    crRow[bx + k] = S(truncatingIfNeeded: outCr[k])
                    let x0 = 2 * (bx + k), x1 = min(w, x0 + 2)
                    if hadAlpha {
                        for x in x0..<x1 {
                            top[x] = S.clamped(Int32(Float(top[x]) * alpha[k] + 0.5))
                            if let bottom { bottom[x] = S.clamped(Int32(Float(bottom[x]) * alpha[k] + 0.5)) }
                        }
                    } else {
                        let a = S(truncatingIfNeeded: opaque[k])
                        for x in x0..<x1 {
                            top[x] = a
                            bottom?[x] = a
                        }
                    }
                }
                bx += lanes
            }
        }
    }

    /// The contract's formula on eight blocks' chroma samples at once: their alpha, and their
    /// chroma with the spill taken out (in place, as samples).
    private struct Kernel {
        let kb: Float, kr: Float, dirB: Float, dirR: Float
        let similarity: Float, smoothness: Float, perSmoothness: Float, spill: Float

        init(kb: Float, kr: Float, dirB: Float, dirR: Float, spec: ChromaKeySpec) {
            (self.kb, self.kr, self.dirB, self.dirR) = (kb, kr, dirB, dirR)
            similarity = Float(spec.similarity)
            smoothness = Float(spec.smoothness)
            // A multiplication by the reciprocal: a division per block would cost more than the rest.
            perSmoothness = smoothness > 0 ? 1 / smoothness : 0
            spill = Float(spec.spill)
        }

        func key(cb: inout SIMD8<Float>, cr: inout SIMD8<Float>, neutral: Float, range: Float) -> SIMD8<Float> {
            let perRange = 1 / range
            var b = (cb - neutral) * perRange, r = (cr - neutral) * perRange
            let db = b - kb, dr = r - kr
            let d = ((db * db + dr * dr) * 0.5).squareRoot()
            let alpha = smoothness > 0
                ? pointwiseMin(pointwiseMax((d - similarity) * perSmoothness, SIMD8(repeating: 0)), SIMD8(repeating: 1))
                : SIMD8<Float>(repeating: 0).replacing(with: 1, where: d .> similarity)
            if spill > 0 {
                let along = (b * dirB + r * dirR).replacing(with: 0, where: (b * dirB + r * dirR) .<= 0)
                b -= spill * along * dirB
                r -= spill * along * dirR
            }
            cb = neutral + b * range
            cr = neutral + r * range
            return alpha
        }
    }
}
