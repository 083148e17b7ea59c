/// The inner loops of layer blending, on raw rows of any `PlaneSample`, in 32-bit fixed point with
/// wrapping operators so the compiler can vectorise them.
///
/// A `weight` is opacity × edge coverage in 16.16 fixed point (65536 = fully on). Opaque layers
/// interpolate `dst + (src − dst)·weight`; layers with alpha hold premultiplied colour `P` and straight
/// alpha `a` (0…`S.maximum`), giving `dst·(1 − A) + weight·P` with `A = weight·a/maximum` — the
/// premultiplied "over" operator. Chroma is premultiplied about neutral (see `AlphaOps`), so its form
/// is `dst·(1 − A) + neutral·A + weight·(P − neutral)`.
enum BlendKernels {
    /// Opaque source over `dst`, constant `weight`; 65536 is a plain copy.
    @inline(__always)
    static func opaqueRow<S: PlaneSample>(_ dst: UnsafeMutablePointer<S>, _ src: UnsafePointer<S>, count: Int, weight: Int32) {
        guard count > 0 else { return }
        if weight >= 65536 {
            dst.update(from: src, count: count)
            return
        }
        for i in 0..<count { dst[i] = opaque(dst[i], src[i], weight: weight) }
    }

    /// Premultiplied source with alpha over `dst`, constant `weight`.
    @inline(__always)
    static func premultipliedRow<S: PlaneSample>(_ dst: UnsafeMutablePointer<S>, _ src: UnsafePointer<S>,
                                                 alpha: UnsafePointer<S>, count: Int, weight: Int32) {
        guard count > 0 else { return }
        let k = alphaScale(weight, S.self)
        for i in 0..<count { dst[i] = premultiplied(dst[i], src[i], alpha: alpha[i], weight: weight, scale: k) }
    }

    /// Premultiplied chroma (about neutral) with alpha over `dst`, constant `weight`.
    @inline(__always)
    static func premultipliedChromaRow<S: PlaneSample>(_ dst: UnsafeMutablePointer<S>, _ src: UnsafePointer<S>,
                                                       alpha: UnsafePointer<S>, count: Int, weight: Int32) {
        guard count > 0 else { return }
        let k = alphaScale(weight, S.self)
        for i in 0..<count { dst[i] = premultipliedChroma(dst[i], src[i], alpha: alpha[i], weight: weight, scale: k) }
    }

    /// One opaque pixel: `d + (s − d)·weight`, rounded.
    @inline(__always)
    static func opaque<S: PlaneSample>(_ d: S, _ s: S, weight: Int32) -> S {
        let dd = d.int32
        return S(truncatingIfNeeded: dd &+ (((s.int32 &- dd) &* weight &+ 32768) &>> 16))
    }

    /// `weight × 2ᵇ/(2ᵇ − 1)` (rounded; b = `S.bits`), so that `alphaScale(w) · a >> b` is
    /// `w · a / maximum`.
    @inline(__always)
    static func alphaScale<S: PlaneSample>(_ weight: Int32, _: S.Type) -> Int32 {
        (weight &* (S.maximum &+ 2) &+ S.neutral) &>> S.bits
    }

    /// One premultiplied pixel: `d·(1 − A) + weight·p` with `A = weight·a/maximum` (16.16), clamped to
    /// the maximum because a resampler's overshoot can leave `p` slightly above `a`.
    @inline(__always)
    static func premultiplied<S: PlaneSample>(_ d: S, _ p: S, alpha a: S, weight: Int32, scale k: Int32) -> S {
        let coverage = (k &* a.int32 &+ S.neutral) &>> S.bits
        let v = (d.int32 &* (65536 &- coverage) &+ weight &* p.int32 &+ 32768) &>> 16
        return S(truncatingIfNeeded: min(v, S.maximum))
    }

    /// One premultiplied chroma pixel: `d·(1 − A) + neutral·A + weight·(p − neutral)`, clamped.
    @inline(__always)
    static func premultipliedChroma<S: PlaneSample>(_ d: S, _ p: S, alpha a: S, weight: Int32, scale k: Int32) -> S {
        let coverage = (k &* a.int32 &+ S.neutral) &>> S.bits
        let v = (d.int32 &* (65536 &- coverage) &+ (coverage &<< (S.bits &- 1)) &+ weight &* (p.int32 &- S.neutral) &+ 32768) &>> 16
        return S.clamped(v)
    }
}
