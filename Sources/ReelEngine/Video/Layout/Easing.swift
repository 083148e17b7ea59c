import ReelSpec

/// Core Animation's timing curves (CAMediaTimingFunction) as cubic Béziers through (0,0) and (1,1):
/// easeIn (0.42, 0, 1, 1), easeOut (0, 0, 0.58, 1), easeInOut (0.42, 0, 0.58, 1).
enum Easing {
    /// The eased fraction for linear progress `u` (0…1).
    static func apply(_ e: Keyframe.Easing, _ u: Double) -> Double {
        switch e {
        case .linear: return u
        case .easeIn: return bezier(u, 0.42, 0, 1, 1)
        case .easeOut: return bezier(u, 0, 0, 0.58, 1)
        case .easeInOut: return bezier(u, 0.42, 0, 0.58, 1)
        }
    }

    /// y at the curve parameter where x = u; x(t) is monotonic, so bisection converges safely.
    static func bezier(_ u: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        func coord(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let mt = 1 - t
            return 3 * mt * mt * t * p1 + 3 * mt * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0, t = u
        for _ in 0..<40 {
            let x = coord(t, x1, x2)
            if abs(x - u) < 1e-7 { break }
            if x < u { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return coord(t, y1, y2)
    }
}
