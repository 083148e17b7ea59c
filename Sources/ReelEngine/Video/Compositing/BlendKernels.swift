/// The inner loops of layer blending, on raw rows, in 32-bit fixed point with wrapping operators so
/// the compiler can vectorise them.
///
/// A `weight` is opacity × edge coverage in 16.16 fixed point (65536 = fully on). Opaque layers
/// interpolate `dst + (src − dst)·weight`; layers with alpha hold premultiplied colour `P` and straight
/// alpha `a`, giving `dst·(1 − A) + weight·P` with `A = weight·a/255` — the premultiplied "over"
/// operator. Chroma is premultiplied about 128 (see `AlphaOps`), so its form is
/// `dst·(1 − A) + 128·A + weight·(P − 128)`.
enum BlendKernels {
    /// Opaque source over `dst`, constant `weight`; 65536 is a plain copy.
    @inline(__always)
    static func opaqueRow(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>, count: Int, weight: Int32) {
        guard count > 0 else { return }
        if weight >= 65536 {
            dst.update(from: src, count: count)
            return
        }
        for i in 0..<count { dst[i] = opaque(dst[i], src[i], weight: weight) }
    }

    /// Premultiplied source with alpha over `dst`, constant `weight`.
    @inline(__always)
    static func premultipliedRow(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>,
                                 alpha: UnsafePointer<UInt8>, count: Int, weight: Int32) {
        guard count > 0 else { return }
        let k = alphaScale(weight)
        for i in 0..<count { dst[i] = premultiplied(dst[i], src[i], alpha: alpha[i], weight: weight, scale: k) }
    }

    /// Premultiplied chroma (about 128) with alpha over `dst`, constant `weight`.
    @inline(__always)
    static func premultipliedChromaRow(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>,
                                       alpha: UnsafePointer<UInt8>, count: Int, weight: Int32) {
        guard count > 0 else { return }
        let k = alphaScale(weight)
        for i in 0..<count { dst[i] = premultipliedChroma(dst[i], src[i], alpha: alpha[i], weight: weight, scale: k) }
    }

    /// One opaque pixel: `d + (s − d)·weight`, rounded.
    @inline(__always)
    static func opaque(_ d: UInt8, _ s: UInt8, weight: Int32) -> UInt8 {
        let dd = Int32(d)
        return UInt8(truncatingIfNeeded: dd &+ (((Int32(s) &- dd) &* weight &+ 32768) &>> 16))
    }

    /// `weight × 256/255` (rounded), so that `alphaScale(w) · a >> 8` is `w · a / 255`.
    @inline(__always)
    static func alphaScale(_ weight: Int32) -> Int32 { (weight &* 257 &+ 128) &>> 8 }

    /// One premultiplied pixel: `d·(1 − A) + weight·p` with `A = weight·a/255` (16.16), clamped to 255
    /// because a resampler's overshoot can leave `p` slightly above `a`.
    @inline(__always)
    static func premultiplied(_ d: UInt8, _ p: UInt8, alpha a: UInt8, weight: Int32, scale k: Int32) -> UInt8 {
        let coverage = (k &* Int32(a) &+ 128) &>> 8
        let v = (Int32(d) &* (65536 &- coverage) &+ weight &* Int32(p) &+ 32768) &>> 16
        return UInt8(truncatingIfNeeded: min(v, 255))
    }

    /// One premultiplied chroma pixel: `d·(1 − A) + 128·A + weight·(p − 128)`, clamped to 0…255.
    @inline(__always)
    static func premultipliedChroma(_ d: UInt8, _ p: UInt8, alpha a: UInt8, weight: Int32, scale k: Int32) -> UInt8 {
        let coverage = (k &* Int32(a) &+ 128) &>> 8
        let v = (Int32(d) &* (65536 &- coverage) &+ (coverage &<< 7) &+ weight &* (Int32(p) &- 128) &+ 32768) &>> 16
        return UInt8(truncatingIfNeeded: min(max(v, 0), 255))
    }
}
