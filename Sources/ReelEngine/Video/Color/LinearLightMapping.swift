/// What is done to a picture in linear light, between zimg's two conversions, so that it fits the
/// canvas: values are RGB in the canvas's primaries (BT.709 for SDR, BT.2020 for HDR), in units of
/// reference white (zimg scales HDR so that BT.2408's 203 cd/m² is 1.0, SDR white).
///
/// - Gamut: a colour with a negative component (outside the canvas's gamut: BT.2020 or P3 into
///   BT.709) is desaturated towards its own luminance until it is inside: hue and luminance kept,
///   not clipped channel by channel (which shifts hue).
/// - Highlights: the largest component `m` above `knee` rolls off towards the canvas's `ceiling` c
///   (1 for SDR, HLG's 1000 cd/m² peak), `m' = k + (c - k)·d / (d + c - k)` with `d = m - k`
///   (slope 1 at the knee, approaching the ceiling, never reaching past it: an extended Reinhard
///   shoulder), and the three components are scaled together by `m'/m`, so hue and saturation are
///   kept. Into SDR, HDR reference white (1.0) lands at 0.95 in linear light (98 % of SDR white's
///   signal); highlights up to any peak fill the rest. Values above the ceiling that need no
///   roll-off (an SDR source's saturated wide-gamut colours) are scaled back to it the same way.
///
/// Eight pixels at a time (`SIMD8`): this runs on every pixel of every converted frame.
struct LinearLightMapping {
    /// Where the roll-off starts, in units of reference white; nil: scale anything above the ceiling
    /// back to it.
    let knee: Float?
    /// The most light the canvas holds.
    var ceiling: Float = 1
    /// The luminance weights of the canvas's primaries.
    var luma: (r: Float, g: Float, b: Float) = (0.2126, 0.7152, 0.0722)

    static let hdr = LinearLightMapping(knee: 0.9)
    static let sdr = LinearLightMapping(knee: nil)

    /// The mapping of a picture of `source` colour into `canvas`: HDR sources roll off at 90 % of
    /// the ceiling into a canvas that holds less than they may (SDR, HLG); anything else is only
    /// brought inside the gamut and under the ceiling.
    static func from(_ source: PictureColor, into canvas: CanvasColor) -> LinearLightMapping {
        let rolls = source.hdr != nil && canvas != .pq
        var m = LinearLightMapping(knee: rolls ? 0.9 * canvas.ceiling : nil)
        m.ceiling = canvas.ceiling
        if canvas.isHDR { m.luma = (0.2627, 0.6780, 0.0593) }
        return m
    }

    typealias Lanes = SIMD8<Float>

    /// The highlight curve on the largest component.
    func rollOff(_ m: Float) -> Float { rollOff(Lanes(repeating: m))[0] }

    @inline(__always)
    func rollOff(_ m: Lanes) -> Lanes {
        let c = ceiling
        guard let k = knee else { return m.replacing(with: c, where: m .> c) }
        let d = m - k
        return m.replacing(with: k + (c - k) * d / (d + (c - k)), where: d .> 0)
    }

    /// Maps eight pixels.
    @inline(__always)
    func map(_ r: inout Lanes, _ g: inout Lanes, _ b: inout Lanes) {
        let low = Self.smaller(Self.smaller(r, g), b)
        let outside = low .< 0
        if any(outside) {
            let y = luma.r * r + luma.g * g + luma.b * b
            let dark = outside .& (y .<= 0)
            let t = (y / (y - low)).replacing(with: 1, where: .!outside)
            r = (y + t * (r - y)).replacing(with: 0, where: dark)
            g = (y + t * (g - y)).replacing(with: 0, where: dark)
            b = (y + t * (b - y)).replacing(with: 0, where: dark)
        }
        let high = Self.larger(Self.larger(r, g), b)
        let over = high .> (knee ?? ceiling)
        if any(over) {
            let s = (rollOff(high) / high).replacing(with: 1, where: .!over)
            r *= s
            g *= s
            b *= s
        }
    }

    // The standard library's generic pointwiseMin/Max are not specialised here: a call per lane
    // group. A select on a compare is one instruction each.
    @inline(__always)
    static func smaller(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }
    @inline(__always)
    static func larger(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .> a) }

    /// Maps one pixel (for tests).
    func map(_ r: inout Float, _ g: inout Float, _ b: inout Float) {
        var (vr, vg, vb) = (Lanes(repeating: r), Lanes(repeating: g), Lanes(repeating: b))
        map(&vr, &vg, &vb)
        (r, g, b) = (vr[0], vg[0], vb[0])
    }

    /// Maps every pixel of `rows` of `planes` (rows are padded to a multiple of 16 floats, so whole
    /// lanes of eight never leave a row's storage).
    func apply(to planes: FloatPlanes, rows: Range<Int>) {
        let (rp, gp, bp) = (planes.planes[0], planes.planes[1], planes.planes[2])
        let lanes = MemoryLayout<Lanes>.stride / MemoryLayout<Float>.stride
        for row in rows {
            var x = row * planes.stride
            let end = x + planes.width
            while x < end {
                var r = UnsafeRawPointer(rp + x).loadUnaligned(as: Lanes.self)
                var g = UnsafeRawPointer(gp + x).loadUnaligned(as: Lanes.self)
                var b = UnsafeRawPointer(bp + x).loadUnaligned(as: Lanes.self)
                map(&r, &g, &b)
                UnsafeMutableRawPointer(rp + x).storeBytes(of: r, as: Lanes.self)
                UnsafeMutableRawPointer(gp + x).storeBytes(of: g, as: Lanes.self)
                UnsafeMutableRawPointer(bp + x).storeBytes(of: b, as: Lanes.self)
                x += lanes
            }
        }
    }
}
