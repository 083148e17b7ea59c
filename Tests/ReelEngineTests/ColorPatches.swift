import Foundation
import XCTest

/// Test sources of known colour: 10-bit patches whose code values come from the standards' formulas
/// (BT.2020's matrix and OETF, BT.1886's display gamma, BT.2087's primaries conversion, ST 2084's PQ),
/// written side by side (32x32 each) into a lossless, tagged FFV1 clip.
enum ColorPatches {
    /// A 10-bit Y'CbCr triple, each component in 0...1 (Y') or -0.5...0.5 (Cb, Cr).
    struct Patch { let y: Double, cb: Double, cr: Double }

    /// The signal of display light `l` (1 = white) under BT.1886's gamma 2.4 (a black level of 0).
    static func gamma(_ l: Double) -> Double { pow(max(l, 0), 1 / 2.4) }

    /// The signal of scene light `l` (1 = white) under BT.2020's OETF (BT.709's, at full precision):
    /// the curve H.273 defines the SDR video transfers by.
    static func oetf(_ l: Double) -> Double {
        let (alpha, beta) = (1.09929682680944, 0.018053968510807)
        return l < beta ? 4.5 * max(l, 0) : alpha * pow(l, 0.45) - (alpha - 1)
    }

    /// The OETF undone: the scene light of signal `v`.
    static func inverseOETF(_ v: Double) -> Double {
        let (alpha, beta) = (1.09929682680944, 0.018053968510807)
        return v < 4.5 * beta ? max(v, 0) / 4.5 : pow((v + alpha - 1) / alpha, 1 / 0.45)
    }

    /// SMPTE ST 2084's inverse EOTF: the PQ signal of `nits` cd/m².
    static func pq(_ nits: Double) -> Double {
        let (m1, m2, c1, c2, c3) = (0.1593017578125, 78.84375, 0.8359375, 18.8515625, 18.6875)
        let l = pow(nits / 10_000, m1)
        return pow((c1 + c2 * l) / (1 + c3 * l), m2)
    }

    /// A BT.2020 non-constant-luminance patch of linear (scene) BT.2020 RGB, through BT.2020's OETF.
    static func bt2020(_ r: Double, _ g: Double, _ b: Double) -> Patch {
        let (rp, gp, bp) = (oetf(r), oetf(g), oetf(b))
        let y = 0.2627 * rp + 0.6780 * gp + 0.0593 * bp
        return Patch(y: y, cb: (bp - y) / 1.8814, cr: (rp - y) / 1.4746)
    }

    /// ITU-R BT.2087's matrix from linear BT.709 RGB to linear BT.2020 RGB.
    static let bt2087 = [[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]]

    /// BT.709 linear RGB in BT.2020's primaries (ITU-R BT.2087's matrix).
    static func bt709in2020(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) { times(bt2087, (r, g, b)) }

    /// BT.2020 linear RGB in BT.709's primaries (BT.2087's matrix inverted).
    static func bt2020in709(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) { times(inverse(bt2087), (r, g, b)) }

    static func times(_ m: [[Double]], _ v: (Double, Double, Double)) -> (Double, Double, Double) {
        let row = { (i: Int) in m[i][0] * v.0 + m[i][1] * v.1 + m[i][2] * v.2 }
        return (row(0), row(1), row(2))
    }

    /// The inverse of a 3×3 matrix: its adjugate over its determinant.
    static func inverse(_ m: [[Double]]) -> [[Double]] {
        let cofactor = { (r: Int, c: Int) -> Double in
            let (r1, r2, c1, c2) = ((r + 1) % 3, (r + 2) % 3, (c + 1) % 3, (c + 2) % 3)
            return m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1]
        }
        let det = (0..<3).map { m[0][$0] * cofactor(0, $0) }.reduce(0, +)
        return (0..<3).map { r in (0..<3).map { c in cofactor(c, r) / det } }
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
