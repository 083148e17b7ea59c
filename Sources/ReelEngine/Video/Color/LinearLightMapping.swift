import Foundation

/// What is done to a picture in linear light, between zimg's two conversions, so that it fits an
/// SDR output: values are BT.709 RGB in units of reference white (zimg scales HDR so that BT.2408's
/// 203 cd/m² is 1.0).
///
/// - Gamut: a colour with a negative component (outside BT.709, from a BT.2020 or P3 source) is
///   desaturated towards its own luminance until it is inside: hue and luminance kept, not clipped
///   channel by channel (which shifts hue).
/// - Highlights: the largest component `m` above `knee` rolls off, `m' = 1 - (1 - k)·e^(-(m - k)/(1 - k))`
///   (slope 1 at the knee, approaching white, never reaching past it), and the three components are
///   scaled together by `m'/m`, so hue and saturation are kept. HDR reference white (1.0) lands at
///   98 % of SDR white's signal (0.963 in linear light); highlights up to any peak fill the rest.
///   An SDR source's values above 1 (saturated wide-gamut colours) are scaled back to 1 the same way.
struct LinearLightMapping {
    /// Where the roll-off starts, in units of reference white; nil: scale anything above 1 back to 1.
    let knee: Float?

    static let hdr = LinearLightMapping(knee: 0.9)
    static let sdr = LinearLightMapping(knee: nil)

    /// The highlight curve on the largest component.
    func rollOff(_ m: Float) -> Float {
        guard let k = knee else { return min(m, 1) }
        guard m > k else { return m }
        return 1 - (1 - k) * expf(-(m - k) / (1 - k))
    }

    /// Maps one pixel.
    @inline(__always)
    func map(_ r: inout Float, _ g: inout Float, _ b: inout Float) {
        let low = min(r, g, b)
        if low < 0 {
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            if y <= 0 {
                (r, g, b) = (0, 0, 0)
                return
            }
            let t = y / (y - low)
            r = y + t * (r - y)
            g = y + t * (g - y)
            b = y + t * (b - y)
        }
        let high = max(r, g, b)
        let threshold = knee ?? 1
        if high > threshold {
            let s = rollOff(high) / high
            r *= s
            g *= s
            b *= s
        }
    }

    /// Maps every pixel of `planes`.
    func apply(to planes: FloatPlanes) {
        let (rp, gp, bp) = (planes.planes[0], planes.planes[1], planes.planes[2])
        for row in 0..<planes.height {
            let offset = row * planes.stride
            for x in offset..<(offset + planes.width) {
                var (r, g, b) = (rp[x], gp[x], bp[x])
                map(&r, &g, &b)
                (rp[x], gp[x], bp[x]) = (r, g, b)
            }
        }
    }
}
