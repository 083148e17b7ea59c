import CFFmpeg

/// A picture held as premultiplied ARGB32 words (rlottie's surface). For the compositor alone
/// (`Frame.premultipliedAlpha`) it is written straight into a premultiplied YUVA 4:2:0 frame in
/// one pass, with no division: what `AlphaOps.premultiply` would make of the straight picture (luma
/// `Y·a`, chroma about neutral by the block's mean alpha), the per-frame path of a 1080p Lottie
/// overlay, with where its alpha is non-zero (`AlphaCoverage`). Anything else (masks, filters, HDR
/// canvases) takes it as `PremultipliedPlanes`, whose `frame` holds the one rule for straight alpha.
enum PremultipliedARGB {
    /// `words` (`width`×`height`, rows `width` words apart) as a premultiplied frame in `matrix` at
    /// `depth`, written into `reusing` where it fits and nothing else holds its buffers: a fresh
    /// 1080p frame's pages cost the kernel about a millisecond to hand over, every frame.
    static func premultipliedFrame(_ words: UnsafePointer<UInt32>, width: Int, height: Int, matrix: CanvasColor,
                                   depth: SampleDepth, reusing spare: Frame? = nil) throws -> Frame {
        let format = depth.format(alpha: true)
        let f: Frame
        if let spare, spare.width == width, spare.height == height, spare.pixelFormat == format, av_frame_is_writable(spare.pointer) != 0 {
            f = spare
        } else {
            f = try Frame.video(width: width, height: height, format: format)
        }
        switch depth {
        case .eight: f.alphaCoverage = writePremultiplied(words, width, height, f, matrix, UInt8.self)
        case .ten: f.alphaCoverage = writePremultiplied(words, width, height, f, matrix, UInt16.self)
        }
        f.premultipliedAlpha = true
        matrix.tag(f)
        return f
    }

    /// `words` as premultiplied float planes (0–1).
    static func planes(_ words: UnsafePointer<UInt32>, width: Int, height: Int) -> PremultipliedPlanes {
        var planes = PremultipliedPlanes(width: width, height: height)
        let scale: Float = 1 / 255
        for i in 0..<(width * height) {
            let p = words[i]
            planes.a[i] = Float(p >> 24) * scale
            planes.r[i] = Float((p >> 16) & 255) * scale
            planes.g[i] = Float((p >> 8) & 255) * scale
            planes.b[i] = Float(p & 255) * scale
        }
        return planes
    }

    private static func writePremultiplied<S: PlaneSample & SIMDScalar>(_ words: UnsafePointer<UInt32>, _ width: Int, _ height: Int, _ f: Frame,
                                                           _ matrix: CanvasColor, _: S.Type) -> AlphaCoverage {
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
        // Blocks whose words are all zero (transparent: rlottie's premultiplied black) are written
        // as the constants the formulas give them (luma and alpha 0, chroma neutral) and recorded
        // as empty, for the compositor to skip.
        let blockWidth = AlphaCoverage.blockWidth(for: width)
        var masks = [UInt64](repeating: 0, count: height)
        for y in 0..<height {
            let row = words + y * width, yRow = yPlane.row(y), aRow = aPlane.row(y)
            var mask: UInt64 = 0
            for (block, x0) in stride(from: 0, to: width, by: blockWidth).enumerated() {
                let x1 = min(width, x0 + blockWidth)
                var any: UInt32 = 0
                for x in x0..<x1 { any |= row[x] }
                guard any != 0 else {
                    (yRow + x0).update(repeating: 0, count: x1 - x0)
                    (aRow + x0).update(repeating: 0, count: x1 - x0)
                    continue
                }
                mask |= 1 << UInt64(block)
                // Eight pixels at a time: the same integer formulas, in lanes.
                var x = x0
                while x + 8 <= x1 {
                    let w = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<UInt32>.self)
                    let a = SIMD8<Int32>(truncatingIfNeeded: w &>> 24), r = SIMD8<Int32>(truncatingIfNeeded: (w &>> 16) & 255)
                    let g = SIMD8<Int32>(truncatingIfNeeded: (w &>> 8) & 255), b = SIMD8<Int32>(truncatingIfNeeded: w & 255)
                    let luma = (a &* ya &+ r &* yr &+ g &* yg &+ b &* yb &+ 32768) &>> 16
                    UnsafeMutableRawPointer(yRow + x).storeBytes(of: SIMD8<S>(truncatingIfNeeded: luma), as: SIMD8<S>.self)
                    UnsafeMutableRawPointer(aRow + x).storeBytes(of: SIMD8<S>(truncatingIfNeeded: (a &* aa &+ 32768) &>> 16), as: SIMD8<S>.self)
                    x += 8
                }
                for x in x..<x1 {
                    let w = row[x]
                    let a = Int32(truncatingIfNeeded: w >> 24), r = Int32(truncatingIfNeeded: (w >> 16) & 255)
                    let g = Int32(truncatingIfNeeded: (w >> 8) & 255), b = Int32(truncatingIfNeeded: w & 255)
                    yRow[x] = S(truncatingIfNeeded: (ya &* a &+ yr &* r &+ yg &* g &+ yb &* b &+ 32768) &>> 16)
                    aRow[x] = S(truncatingIfNeeded: (aa &* a &+ 32768) &>> 16)
                }
            }
            masks[y] = mask
        }
        let neutralSample = S(truncatingIfNeeded: S.neutral)
        for cy in 0..<(height / 2) {
            let r0 = words + 2 * cy * width, r1 = r0 + width
            let uRow = uPlane.row(cy), vRow = vPlane.row(cy)
            let mask = masks[2 * cy] | masks[2 * cy + 1]
            for (block, x0) in stride(from: 0, to: width, by: blockWidth).enumerated() {
                let c0 = x0 / 2, c1 = min(width / 2, (x0 + blockWidth) / 2)
                guard c0 < c1 else { continue }
                guard mask & (1 << UInt64(block)) != 0 else {
                    (uRow + c0).update(repeating: neutralSample, count: c1 - c0)
                    (vRow + c0).update(repeating: neutralSample, count: c1 - c0)
                    continue
                }
                // Eight chroma samples at a time from sixteen pixels of each row: even and odd lanes
                // are a sample's left and right pixels.
                var c = c0
                while c + 8 <= c1 {
                    let w0 = UnsafeRawPointer(r0 + 2 * c).loadUnaligned(as: SIMD16<UInt32>.self)
                    let w1 = UnsafeRawPointer(r1 + 2 * c).loadUnaligned(as: SIMD16<UInt32>.self)
                    func sum(_ shift: UInt32) -> SIMD8<Int32> {
                        let m0 = (w0 &>> shift) & 255, m1 = (w1 &>> shift) & 255
                        return SIMD8<Int32>(truncatingIfNeeded: m0.evenHalf &+ m0.oddHalf &+ m1.evenHalf &+ m1.oddHalf)
                    }
                    let (r, g, b) = (sum(16), sum(8), sum(0))
                    let low = SIMD8<Int32>(repeating: 0), high = SIMD8<Int32>(repeating: top)
                    let u = ((r &* ur &+ g &* ug &+ b &* ub) &+ neutral) &>> 16, v = ((r &* vr &+ g &* vg &+ b &* vb) &+ neutral) &>> 16
                    UnsafeMutableRawPointer(uRow + c).storeBytes(of: SIMD8<S>(truncatingIfNeeded: u.clamped(lowerBound: low, upperBound: high)),
                                                                 as: SIMD8<S>.self)
                    UnsafeMutableRawPointer(vRow + c).storeBytes(of: SIMD8<S>(truncatingIfNeeded: v.clamped(lowerBound: low, upperBound: high)),
                                                                 as: SIMD8<S>.self)
                    c += 8
                }
                for cx in c..<c1 {
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
        return AlphaCoverage(blockWidth: blockWidth, masks: masks)
    }
}
