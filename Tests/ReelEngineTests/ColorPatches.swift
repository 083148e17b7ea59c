import Foundation
import XCTest

/// Test sources of known colour: 10-bit patches whose code values come from the standards' formulas
/// (BT.2020's matrix, BT.1886's display gamma, BT.2087's primaries conversion, ST 2084's PQ),
/// written side by side (32x32 each) into a lossless, tagged FFV1 clip.
enum ColorPatches {
    /// A 10-bit Y'CbCr triple, each component in 0...1 (Y') or -0.5...0.5 (Cb, Cr).
    struct Patch { let y: Double, cb: Double, cr: Double }

    /// The signal of display light `l` (1 = white) under BT.1886's gamma 2.4 (a black level of 0).
    static func gamma(_ l: Double) -> Double { pow(max(l, 0), 1 / 2.4) }

    /// SMPTE ST 2084's inverse EOTF: the PQ signal of `nits` cd/m².
    static func pq(_ nits: Double) -> Double {
        let (m1, m2, c1, c2, c3) = (0.1593017578125, 78.84375, 0.8359375, 18.8515625, 18.6875)
        let l = pow(nits / 10_000, m1)
        return pow((c1 + c2 * l) / (1 + c3 * l), m2)
    }

    /// A BT.2020 non-constant-luminance patch of linear BT.2020 RGB.
    static func bt2020(_ r: Double, _ g: Double, _ b: Double) -> Patch {
        let (rp, gp, bp) = (gamma(r), gamma(g), gamma(b))
        let y = 0.2627 * rp + 0.6780 * gp + 0.0593 * bp
        return Patch(y: y, cb: (bp - y) / 1.8814, cr: (rp - y) / 1.4746)
    }

    /// BT.709 linear RGB in BT.2020's primaries (ITU-R BT.2087's matrix).
    static func bt709in2020(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        (0.6274 * r + 0.3293 * g + 0.0433 * b, 0.0691 * r + 0.9195 * g + 0.0114 * b, 0.0164 * r + 0.0880 * g + 0.8956 * b)
    }

    static func grey(_ signal: Double) -> Patch { Patch(y: signal, cb: 0, cr: 0) }

    /// Writes `patches` side by side (32x32 each) as a 10-bit 4:2:0 FFV1 clip tagged with `tags`.
    static func write(_ ws: Workspace, _ name: String, _ patches: [Patch], tags: [String]) throws {
        let (w, h) = (32 * patches.count, 32)
        var frame = [UInt16]()
        func code(_ v: Double, chroma: Bool) -> UInt16 { UInt16((chroma ? 512 + 896 * v : 64 + 876 * v).rounded()) }
        for row in 0..<h { for x in 0..<w { _ = row; frame.append(code(patches[x / 32].y, chroma: false)) } }
        for component in 0..<2 {
            for _ in 0..<(h / 2) {
                for x in 0..<(w / 2) {
                    let p = patches[x / 16]
                    frame.append(code(component == 0 ? p.cb : p.cr, chroma: true))
                }
            }
        }
        let raw = ws.path(name + ".yuv")
        let bytes = frame.flatMap { [UInt8($0 & 0xff), UInt8($0 >> 8)] }
        try Data((0..<5).flatMap { _ in bytes }).write(to: URL(fileURLWithPath: raw))
        try Tools.ffmpeg(["-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-s", "\(w)x\(h)", "-r", "10", "-i", raw]
                         + tags + ["-c:v", "ffv1", ws.path(name)])
    }


    /// HLG's signal (ARIB STD-B67 / BT.2100) of scene light `e` (0…1).
    static func hlg(_ e: Double) -> Double {
        let (a, b, c) = (0.17883277, 0.28466892, 0.55991073)
        return e <= 1.0 / 12 ? (3 * e).squareRoot() : a * log(12 * e - b) + c
    }

    /// A 10-bit limited-range luma code of signal `v` (0…1).
    static func lumaCode(_ v: Double) -> Double { 64 + 876 * v }
}
