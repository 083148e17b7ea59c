import CFFmpeg

/// A picture held as premultiplied ARGB32 words (rlottie's surface) written straight into a YUVA
/// 4:2:0 frame, in one pass and without float planes: a 1080p Lottie frame is 2 million pixels.
/// Straight alpha: the same arithmetic as `PremultipliedPlanes.frame` (luma un-premultiplied per
/// pixel, chroma the alpha-weighted mean of its 2×2 block, limited range). Premultiplied (for the
/// compositor alone, `Frame.premultipliedAlpha`): what `AlphaOps.premultiply` would make of that,
/// written directly (luma `Y·a`, chroma about neutral by the block's mean alpha), with no division.
enum PremultipliedARGB {
    /// `words` (`width`×`height`, rows `width` words apart) as a frame in `matrix` at `depth`.
    static func frame(_ words: UnsafePointer<UInt32>, width: Int, height: Int, matrix: CanvasColor, depth: SampleDepth,
                      premultiplied: Bool = false) throws -> Frame {
        let f = try Frame.video(width: width, height: height, format: depth.format(alpha: true))
        switch (depth, premultiplied) {
        case (.eight, false): write(words, width, height, f, matrix, UInt8.self)
        case (.ten, false): write(words, width, height, f, matrix, UInt16.self)
        case (.eight, true): writePremultiplied(words, width, height, f, matrix, UInt8.self)
        case (.ten, true): writePremultiplied(words, width, height, f, matrix, UInt16.self)
        }
        f.premultipliedAlpha = premultiplied
        matrix.tag(f)
        return f
    }

    private static func writePremultiplied<S: PlaneSample>(_ words: UnsafePointer<UInt32>, _ width: Int, _ height: Int, _ f: Frame,
                                                           _ matrix: CanvasColor, _: S.Type) {
        let (kr, kb) = matrix.coefficients
        let scale = Double(1 << S.shift)
        // In 16.16 fixed point, so the loops are integer multiply-adds the compiler can vectorise.
        // Y·a = (16·a + 219·luma)/255 at this depth; alpha a·max/255.
        func fixed(_ v: Double) -> Int32 { Int32((v * 65536).rounded()) }
        let yr = fixed(kr * 219 * scale / 255), yb = fixed(kb * 219 * scale / 255), yg = fixed(219 * scale / 255) - yr - yb
        let ya = fixed(16 * scale / 255), aa = fixed(Double(S.maximum) / 255)
        // Chroma about neutral by the block's mean alpha: neutral + 224·Σ(c − luma)/(2(1 − k)·4·255),
        // with Σ(c − luma) written out per channel: Cb from (−kr, −kg, 1 − kb), Cr from (1 − kr, −kg, −kb).
        let kg = 1 - kr - kb
        let cbScale = 224 * scale / (2 * (1 - kb) * 1020), crScale = 224 * scale / (2 * (1 - kr) * 1020)
        let (ur, ug, ub) = (fixed(-kr * cbScale), fixed(-kg * cbScale), fixed((1 - kb) * cbScale))
        let (vr, vg, vb) = (fixed((1 - kr) * crScale), fixed(-kg * crScale), fixed(-kb * crScale))
        let neutral = S.neutral &<< 16 &+ 32768, top = S.maximum
        let yPlane = PlaneView<S>(f, plane: 0), aPlane = PlaneView<S>(f, plane: 3)
        let uPlane = PlaneView<S>(f, plane: 1), vPlane = PlaneView<S>(f, plane: 2)
        for y in 0..<height {
            let row = words + y * width, yRow = yPlane.row(y), aRow = aPlane.row(y)
            for x in 0..<width {
                let w = row[x]
                let a = Int32(truncatingIfNeeded: w >> 24), r = Int32(truncatingIfNeeded: (w >> 16) & 255)
                let g = Int32(truncatingIfNeeded: (w >> 8) & 255), b = Int32(truncatingIfNeeded: w & 255)
                yRow[x] = S(truncatingIfNeeded: (ya &* a &+ yr &* r &+ yg &* g &+ yb &* b &+ 32768) &>> 16)
                aRow[x] = S(truncatingIfNeeded: (aa &* a &+ 32768) &>> 16)
            }
        }
        for cy in 0..<(height / 2) {
            let r0 = words + 2 * cy * width, r1 = r0 + width
            let uRow = uPlane.row(cy), vRow = vPlane.row(cy)
            for cx in 0..<(width / 2) {
                let x = 2 * cx
                let (p0, p1, p2, p3) = (r0[x], r0[x + 1], r1[x], r1[x + 1])
                func sum(_ shift: UInt32) -> Int32 {
                    Int32(truncatingIfNeeded: ((p0 >> shift) & 255) &+ ((p1 >> shift) & 255) &+ ((p2 >> shift) & 255) &+ ((p3 >> shift) & 255))
                }
                let (r, g, b) = (sum(16), sum(8), sum(0))
                uRow[cx] = S(truncatingIfNeeded: min(max((neutral &+ ur &* r &+ ug &* g &+ ub &* b) &>> 16, 0), top))
                vRow[cx] = S(truncatingIfNeeded: min(max((neutral &+ vr &* r &+ vg &* g &+ vb &* b) &>> 16, 0), top))
            }
        }
    }

    /// Per alpha 1…255: the luma scale `219·2^shift / a` that un-premultiplies an 8-bit luma sum.
    private static func lumaScales(_ scale: Float) -> [Float] {
        (0..<256).map { $0 == 0 ? 0 : 219 * scale / Float($0) }
    }

    private static func write<S: PlaneSample>(_ words: UnsafePointer<UInt32>, _ width: Int, _ height: Int, _ f: Frame, _ matrix: CanvasColor,
                                              _: S.Type) {
        let (kr, kb) = matrix.coefficients
        let (fr, fb) = (Float(kr), Float(kb)), fg = 1 - fr - fb
        let scale = Float(1 << S.shift), top = Float(S.maximum)
        let perAlpha = lumaScales(scale)
        let (cbScale, crScale) = (Float(224 / (2 * (1 - kb))) * scale, Float(224 / (2 * (1 - kr))) * scale)
        let black = S.level(16), neutral = S.level(128), yBlack = 16 * scale + 0.5, cNeutral = 128 * scale + 0.5
        let k = Coefficients(r: fr, g: fg, b: fb, yBlack: yBlack, alphaScale: top / 255, top: top)
        let yPlane = PlaneView<S>(f, plane: 0), aPlane = PlaneView<S>(f, plane: 3)
        let uPlane = PlaneView<S>(f, plane: 1), vPlane = PlaneView<S>(f, plane: 2)
        perAlpha.withUnsafeBufferPointer { perAlpha in
            for cy in 0..<(height / 2) {
                let rows = (words + 2 * cy * width, words + (2 * cy + 1) * width)
                let ys = (yPlane.row(2 * cy), yPlane.row(2 * cy + 1)), alphas = (aPlane.row(2 * cy), aPlane.row(2 * cy + 1))
                let uRow = uPlane.row(cy), vRow = vPlane.row(cy)
                for cx in 0..<(width / 2) {
                    let x = 2 * cx
                    if rows.0[x] | rows.0[x + 1] | rows.1[x] | rows.1[x + 1] == 0 {
                        ys.0[x] = black; ys.0[x + 1] = black; ys.1[x] = black; ys.1[x + 1] = black
                        alphas.0[x] = 0; alphas.0[x + 1] = 0; alphas.1[x] = 0; alphas.1[x + 1] = 0
                        uRow[cx] = neutral
                        vRow[cx] = neutral
                        continue
                    }
                    var sums = Sums()
                    (ys.0[x], alphas.0[x]) = pixel(rows.0[x], &sums, k, perAlpha, S.self)
                    (ys.0[x + 1], alphas.0[x + 1]) = pixel(rows.0[x + 1], &sums, k, perAlpha, S.self)
                    (ys.1[x], alphas.1[x]) = pixel(rows.1[x], &sums, k, perAlpha, S.self)
                    (ys.1[x + 1], alphas.1[x + 1]) = pixel(rows.1[x + 1], &sums, k, perAlpha, S.self)
                    let (sumA, sumB, sumR) = (sums.a, sums.b, sums.r)
                    uRow[cx] = S(truncatingIfNeeded: Int32(max(0, min(top, cNeutral + cbScale * sumB / sumA))))
                    vRow[cx] = S(truncatingIfNeeded: Int32(max(0, min(top, cNeutral + crScale * sumR / sumA))))
                }
            }
        }
    }

    private struct Coefficients {
        let r: Float, g: Float, b: Float, yBlack: Float, alphaScale: Float, top: Float
    }

    /// A 2×2 block's alpha-weighted chroma sums.
    private struct Sums {
        var a: Float = 0, b: Float = 0, r: Float = 0
    }

    /// One pixel's luma and alpha samples, its chroma added to `sums`.
    @inline(__always)
    private static func pixel<S: PlaneSample>(_ w: UInt32, _ sums: inout Sums, _ k: Coefficients, _ perAlpha: UnsafeBufferPointer<Float>,
                                              _: S.Type) -> (S, S) {
        let a = Int(w >> 24)
        guard a > 0 else { return (S.level(16), 0) }
        let r = Float((w >> 16) & 255), g = Float((w >> 8) & 255), b = Float(w & 255)
        let luma = k.r * r + k.g * g + k.b * b   // premultiplied, 0…255
        sums.a += Float(a)
        sums.b += b - luma
        sums.r += r - luma
        return (S(truncatingIfNeeded: Int32(min(k.top, k.yBlack + luma * perAlpha[a]))), S(truncatingIfNeeded: Int32(Float(a) * k.alphaScale + 0.5)))
    }
}
