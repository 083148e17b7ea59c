import CFFmpeg

/// What an embedded ICC profile (a still image's: JPEG APP2, PNG iCCP) says about the picture's
/// colour, in the names the rest of Reel uses: its primaries and transfer when they are ones zimg
/// converts (sRGB/BT.709, Display P3, DCI-P3, BT.2020; the sRGB, BT.709 and gamma 2.2 curves).
/// Phones write Display P3 photos with nothing but such a profile to say so.
///
/// Only matrix/TRC RGB profiles are read (the kind cameras and phones embed): the colorants (`rXYZ`,
/// `gXYZ`, `bXYZ`, adapted to the D50 connection space) are taken back to D65 with the Bradford
/// transform ICC v4 prescribes, and their chromaticities matched to the known primaries within
/// 0.005; the red curve (`rTRC`) is matched by its parameters. Anything else leaves the field nil
/// (the picture's tags or the sRGB default stand).
struct ICCProfile {
    var primaries: AVColorPrimaries?
    var transfer: AVColorTransferCharacteristic?

    /// The profile in `bytes`, or nil when it is not a readable RGB display or input profile.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 132, Self.tag(bytes, 36) == "acsp", Self.tag(bytes, 16) == "RGB " else { return nil }
        let count = Int(Self.u32(bytes, 128))
        var tags: [String: (offset: Int, size: Int)] = [:]
        for i in 0..<min(count, 100) {
            let at = 132 + 12 * i
            guard at + 12 <= bytes.count else { return nil }
            tags[Self.tag(bytes, at)] = (Int(Self.u32(bytes, at + 4)), Int(Self.u32(bytes, at + 8)))
        }
        func xyz(_ name: String) -> [Double]? {
            guard let t = tags[name], t.size >= 20, t.offset + 20 <= bytes.count, Self.tag(bytes, t.offset) == "XYZ " else { return nil }
            return (0..<3).map { Self.s15f16(bytes, t.offset + 8 + 4 * $0) }
        }
        if let r = xyz("rXYZ"), let g = xyz("gXYZ"), let b = xyz("bXYZ") {
            let measured = [r, g, b].map { Self.chromaticity(Self.toD65($0)) }
            primaries = Self.known.first { _, xy in
                zip(measured, xy).allSatisfy { abs($0.0.x - $0.1.x) < 0.005 && abs($0.0.y - $0.1.y) < 0.005 }
            }?.0
        }
        if let t = tags["rTRC"], t.offset + 12 <= bytes.count {
            transfer = Self.curve(bytes, t.offset, t.size)
        }
    }

    /// The known primaries: red, green, blue chromaticities.
    static let known: [(AVColorPrimaries, [(x: Double, y: Double)])] = [
        (AVCOL_PRI_BT709, [(0.640, 0.330), (0.300, 0.600), (0.150, 0.060)]),
        (AVCOL_PRI_SMPTE432, [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]),   // Display P3 (P3-D65)
        (AVCOL_PRI_BT2020, [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)]),
    ]

    /// The transfer a curve tag describes: a parametric curve with sRGB's or BT.709's parameters, or
    /// a pure gamma of 2.2.
    static func curve(_ bytes: UnsafeRawBufferPointer, _ at: Int, _ size: Int) -> AVColorTransferCharacteristic? {
        switch tag(bytes, at) {
        case "para":
            let kind = Int(bytes[at + 8]) << 8 | Int(bytes[at + 9])
            let counts = [1, 3, 4, 5, 7]
            guard kind < counts.count, at + 12 + 4 * counts[kind] <= bytes.count else { return nil }
            let p = (0..<counts[kind]).map { s15f16(bytes, at + 12 + 4 * $0) }
            func near(_ a: [Double]) -> Bool { a.count == p.count && zip(a, p).allSatisfy { abs($0 - $1) < 0.002 } }
            if p.count == 1, abs(p[0] - 2.2) < 0.01 { return AVCOL_TRC_GAMMA22 }
            if near([2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]) { return AVCOL_TRC_IEC61966_2_1 }
            if near([1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]) { return AVCOL_TRC_BT709 }
            return nil
        case "curv":
            guard size >= 14, at + 14 <= bytes.count, u32(bytes, at + 8) == 1 else { return nil }
            let gamma = Double(Int(bytes[at + 12]) << 8 | Int(bytes[at + 13])) / 256
            return abs(gamma - 2.2) < 0.01 ? AVCOL_TRC_GAMMA22 : nil
        default:
            return nil
        }
    }

    /// D50 XYZ back to D65 (the Bradford transform: cone responses scaled by the whites' ratio).
    static func toD65(_ xyz: [Double]) -> [Double] {
        let m = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
        let inverse = [[0.9869929, -0.1470543, 0.1599627], [0.4323053, 0.5183603, 0.0492912], [-0.0085287, 0.0400428, 0.9684867]]
        func apply(_ a: [[Double]], _ v: [Double]) -> [Double] { a.map { $0[0] * v[0] + $0[1] * v[1] + $0[2] * v[2] } }
        let d50 = apply(m, [0.9642, 1, 0.8249]), d65 = apply(m, [0.95047, 1, 1.08883])
        let cone = apply(m, xyz)
        return apply(inverse, (0..<3).map { cone[$0] * d65[$0] / d50[$0] })
    }

    static func chromaticity(_ xyz: [Double]) -> (x: Double, y: Double) {
        let sum = xyz[0] + xyz[1] + xyz[2]
        return sum > 0 ? (xyz[0] / sum, xyz[1] / sum) : (0, 0)
    }

    static func tag(_ b: UnsafeRawBufferPointer, _ at: Int) -> String {
        String(decoding: b[at..<(at + 4)], as: UTF8.self)
    }

    static func u32(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    static func s15f16(_ b: UnsafeRawBufferPointer, _ at: Int) -> Double { Double(Int32(bitPattern: u32(b, at))) / 65536 }
}
