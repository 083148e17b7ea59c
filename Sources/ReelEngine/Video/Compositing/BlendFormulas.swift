import ReelSpec

/// The W3C Compositing and Blending Level 1 formulas (§9–§10), one per mode, on gamma-encoded RGB
/// in 0…1: `B(Cb, Cs)` for backdrop `b` and source `s`. The separable modes act channel by channel;
/// the four non-separable ones (hue, saturation, color, luminosity) through Lum/Sat with the
/// specification's weights (0.3, 0.59, 0.11).
enum BlendFormulas {
    typealias RGB = (r: Double, g: Double, b: Double)

    @inline(__always)
    static func blend(_ mode: BlendMode, _ b: RGB, _ s: RGB) -> RGB {
        switch mode {
        case .hue: return setLum(setSat(s, sat(b)), lum(b))
        case .saturation: return setLum(setSat(b, sat(s)), lum(b))
        case .color: return setLum(s, lum(b))
        case .luminosity: return setLum(b, lum(s))
        default: return (separable(mode, b.r, s.r), separable(mode, b.g, s.g), separable(mode, b.b, s.b))
        }
    }

    /// One channel of a separable mode.
    @inline(__always)
    static func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        switch mode {
        case .normal: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return hardLight(cs: cb, cb: cs)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs >= 1 { return 1 }
            return min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            if cs <= 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        case .hardLight: return hardLight(cs: cs, cb: cb)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue, .saturation, .color, .luminosity: return cs  // not separable: see `blend`
        }
    }

    /// HardLight(Cb, Cs): multiply or screen by the source (overlay is it with the roles swapped).
    @inline(__always)
    private static func hardLight(cs: Double, cb: Double) -> Double {
        cs <= 0.5 ? cb * 2 * cs : separable(.screen, cb, 2 * cs - 1)
    }

    static func lum(_ c: RGB) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }

    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = min(c.r, c.g, c.b), x = max(c.r, c.g, c.b)
        var out = c
        if n < 0 { out = (l + (out.r - l) * l / (l - n), l + (out.g - l) * l / (l - n), l + (out.b - l) * l / (l - n)) }
        if x > 1 { out = (l + (out.r - l) * (1 - l) / (x - l), l + (out.g - l) * (1 - l) / (x - l), l + (out.b - l) * (1 - l) / (x - l)) }
        return out
    }

    static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor((c.r + d, c.g + d, c.b + d))
    }

    static func sat(_ c: RGB) -> Double { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }

    /// The colour with saturation `s`, its largest channel at `s`, its smallest at 0 and its middle
    /// one in proportion (all 0 for a grey).
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        var v = [c.r, c.g, c.b]
        let order = [0, 1, 2].sorted { v[$0] < v[$1] }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if v[hi] > v[lo] {
            v[mid] = (v[mid] - v[lo]) * s / (v[hi] - v[lo])
            v[hi] = s
        } else {
            v[mid] = 0
            v[hi] = 0
        }
        v[lo] = 0
        return (v[0], v[1], v[2])
    }
}
