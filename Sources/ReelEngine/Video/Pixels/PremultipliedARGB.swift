import CFFmpeg

/// A picture held as premultiplied ARGB32 words (rlottie's surface) written straight into a YUVA
/// 4:2:0 frame, in one pass and without float planes: a 1080p Lottie frame is 2 million pixels a
/// frame, most of them transparent. The same arithmetic as `PremultipliedPlanes.frame`: luma
/// un-premultiplied per pixel, chroma the alpha-weighted mean of its 2×2 block, limited range.
enum PremultipliedARGB {
    /// `words` (`width`×`height`, rows `width` words apart) as a frame in `matrix` at `depth`.
    static func frame(_ words: UnsafePointer<UInt32>, width: Int, height: Int, matrix: CanvasColor, depth: SampleDepth) throws -> Frame {
        let f = try Frame.video(width: width, height: height, format: depth.format(alpha: true))
        switch depth {
        case .eight: write(words, width, height, f, matrix, UInt8.self)
        case .ten: write(words, width, height, f, matrix, UInt16.self)
        }
        matrix.tag(f)
        return f
    }

    private static func write<S: PlaneSample>(_ words: UnsafePointer<UInt32>, _ width: Int, _ height: Int, _ f: Frame, _ matrix: CanvasColor,
                                              _: S.Type) {
        let (kr, kb) = matrix.coefficients
        let kg = 1 - kr - kb
        let scale = Float(1 << S.shift), top = Float(S.maximum)
        // Per 8-bit premultiplied channel value; luma 16…235 and chroma ±112 at this depth.
        let (yr, yg, yb) = (Float(kr) * 219 * scale, Float(kg) * 219 * scale, Float(kb) * 219 * scale)
        let (cbScale, crScale) = (Float(224 / (2 * (1 - kb))) * scale, Float(224 / (2 * (1 - kr))) * scale)
        let black = S.level(16), neutral = S.level(128), yBlack = 16 * scale, cNeutral = 128 * scale
        let yPlane = PlaneView<S>(f, plane: 0), aPlane = PlaneView<S>(f, plane: 3)
        let uPlane = PlaneView<S>(f, plane: 1), vPlane = PlaneView<S>(f, plane: 2)
        func sample(_ x: Float) -> S { S(truncatingIfNeeded: Int32(min(top, max(0, x)) + 0.5)) }
        for cy in 0..<(height / 2) {
            let r0 = words + 2 * cy * width, r1 = r0 + width
            let y0 = yPlane.row(2 * cy), y1 = yPlane.row(2 * cy + 1), a0 = aPlane.row(2 * cy), a1 = aPlane.row(2 * cy + 1)
            let uRow = uPlane.row(cy), vRow = vPlane.row(cy)
            for cx in 0..<(width / 2) {
                let x = 2 * cx
                let p = (r0[x], r0[x + 1], r1[x], r1[x + 1])
                if p.0 | p.1 | p.2 | p.3 == 0 {
                    (y0[x], y0[x + 1], y1[x], y1[x + 1]) = (black, black, black, black)
                    (a0[x], a0[x + 1], a1[x], a1[x + 1]) = (0, 0, 0, 0)
                    uRow[cx] = neutral
                    vRow[cx] = neutral
                    continue
                }
                var sumA: Float = 0, sumB: Float = 0, sumR: Float = 0
                func pixel(_ w: UInt32, _ yOut: inout S, _ aOut: inout S) {
                    let a = Float(w >> 24)
                    guard a > 0 else {
                        yOut = black
                        aOut = 0
                        return
                    }
                    let r = Float((w >> 16) & 255), g = Float((w >> 8) & 255), b = Float(w & 255)
                    let luma = yr * r + yg * g + yb * b   // premultiplied, at this depth's scale
                    yOut = sample(yBlack + luma / a)
                    aOut = sample(a * top / 255)
                    let l = luma / (219 * scale)
                    sumA += a
                    sumB += b - l
                    sumR += r - l
                }
                pixel(p.0, &y0[x], &a0[x])
                pixel(p.1, &y0[x + 1], &a0[x + 1])
                pixel(p.2, &y1[x], &a1[x])
                pixel(p.3, &y1[x + 1], &a1[x + 1])
                uRow[cx] = sumA > 0 ? sample(cNeutral + cbScale * sumB / sumA) : neutral
                vRow[cx] = sumA > 0 ? sample(cNeutral + crScale * sumR / sumA) : neutral
            }
        }
    }
}
