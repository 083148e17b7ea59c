import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// The chroma key (docs/API.md (compositing)) through the whole render, against the contract's formula written
/// here from its text: a lossless BT.601 clip whose columns step from the key's chroma away from it,
/// keyed over a colour card; the output's samples (lossless too) are the card's and the clip's mixed
/// by exactly the alpha the formula gives each column.
final class ChromaKeyTests: XCTestCase {
    static let (width, height) = (64, 48)
    /// BT.601 limited range, as the 64×48 canvas is (SD).
    static let (kr, kb) = (0.299, 0.114)

    /// Y′, Cb, Cr samples (8-bit, limited range) of an RGB colour in BT.601.
    static func ycbcr(_ r: Double, _ g: Double, _ b: Double) -> (y: Double, cb: Double, cr: Double) {
        let y = kr * r + (1 - kr - kb) * g + kb * b
        return (16 + 219 * y, 128 + 224 * (b - y) / (2 * (1 - kb)), 128 + 224 * (r - y) / (2 * (1 - kr)))
    }

    /// A lossless clip whose 16 columns (4 px each) hold luma 120 and the chroma `columns` gives.
    func clip(_ ws: Workspace, _ columns: [(cb: Int, cr: Int)]) throws {
        var bytes = [UInt8](repeating: 120, count: Self.width * Self.height)
        for plane in 0..<2 {
            for _ in 0..<(Self.height / 2) {
                for x in 0..<(Self.width / 2) { bytes.append(UInt8(plane == 0 ? columns[x / 2].cb : columns[x / 2].cr)) }
            }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: ws.path("key.yuv")))
        try Tools.ffmpeg(["-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(Self.width)x\(Self.height)", "-r", "10", "-i", ws.path("key.yuv"),
                          "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", "-colorspace", "smpte170m", "-color_primaries", "smpte170m",
                          "-color_trc", "smpte170m", "-color_range", "tv", ws.path("key.mp4")])
    }

    func render(_ ws: Workspace, key: String, name: String) throws -> [UInt8] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "video": { "crf": 0 } },
          "timeline": { "videos": [ { "color": "#2040C0", "duration": 0.5 } ],
            "overlays": [ { "type": "video", "src": "key.mp4", "start": 0, "duration": 0.5, "chromaKey": \##(key),
                            "frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 } } ] } }
        """##, to: name)
        return try XCTUnwrap(Tools.yuvFrames(out, width: Self.width, height: Self.height).first)
    }

    /// Samples of column `c` (middle of its 4 px, row 24): Y′, Cb, Cr.
    func column(_ f: [UInt8], _ c: Int) -> (y: Double, cb: Double, cr: Double) {
        let (w, h) = (Self.width, Self.height)
        return (Double(f[24 * w + c * 4 + 2]), Double(f[w * h + 12 * (w / 2) + c * 2 + 1]), Double(f[w * h * 5 / 4 + 12 * (w / 2) + c * 2 + 1]))
    }

    func testAlphaIsTheContractsFormulaOfTheChromaDistance() throws {
        let ws = try Workspace()
        let key = Self.ycbcr(0, 0xB1 / 255.0, 0x40 / 255.0)
        let far = (cb: 200.0, cr: 60.0)
        // From the key's chroma (t = 0) to well away from it (t = 1).
        let columns = (0..<16).map { i -> (cb: Int, cr: Int) in
            let t = Double(i) / 15
            return (Int((key.cb + t * (far.cb - key.cb)).rounded()), Int((key.cr + t * (far.cr - key.cr)).rounded()))
        }
        try clip(ws, columns)
        let keyed = try render(ws, key: #"{ "similarity": 0.1, "smoothness": 0.2, "spill": 0 }"#, name: "keyed.mp4")
        let card = Self.ycbcr(0x20 / 255.0, 0x40 / 255.0, 0xC0 / 255.0)
        var alphas: [Double] = []
        for (i, c) in columns.enumerated() {
            let (cb, cr) = ((Double(c.cb) - 128) / 224, (Double(c.cr) - 128) / 224)
            let (kb, kr) = ((key.cb - 128) / 224, (key.cr - 128) / 224)
            let d = (((cb - kb) * (cb - kb) + (cr - kr) * (cr - kr)) / 2).squareRoot()
            let alpha = min(1, max(0, (d - 0.1) / 0.2))
            alphas.append(alpha)
            let got = column(keyed, i)
            XCTAssertEqual(got.y, card.y + alpha * (120 - card.y), accuracy: 2, "column \(i): alpha \(alpha)")
            XCTAssertEqual(got.cb, card.cb + alpha * (Double(c.cb) - card.cb), accuracy: 2, "column \(i)")
            XCTAssertEqual(got.cr, card.cr + alpha * (Double(c.cr) - card.cr), accuracy: 2, "column \(i)")
        }
        XCTAssertEqual(alphas.first, 0, "the key colour itself is gone")
        XCTAssertEqual(alphas.last, 1, "far from it, kept")
        XCTAssertTrue(alphas.contains { $0 > 0.2 && $0 < 0.8 }, "and a soft edge between: \(alphas)")

        // Smoothness 0 is a hard key: each column wholly kept or wholly gone.
        let hard = try render(ws, key: #"{ "similarity": 0.1, "smoothness": 0, "spill": 0 }"#, name: "hard.mp4")
        for i in 0..<16 {
            let y = column(hard, i).y
            XCTAssertTrue(abs(y - card.y) <= 2 || abs(y - 120) <= 2, "column \(i): \(y) is neither the card nor the clip")
        }
    }

    /// Spill takes that share of the chroma along the key's direction out of what remains (alpha 1
    /// there), and leaves chroma pointing elsewhere alone.
    func testSpillTakesTheKeysCastOutOfWhatRemains() throws {
        let ws = try Workspace()
        let key = Self.ycbcr(0, 0xB1 / 255.0, 0x40 / 255.0)
        let (kb, kr) = ((key.cb - 128) / 224, (key.cr - 128) / 224)
        let length = (kb * kb + kr * kr).squareRoot()
        // Column 0: a cast along the key's direction, but far from the key (a greenish grey: alpha 1).
        // Column 1: chroma opposite the key's direction. The rest: neutral grey.
        let cast = (cb: 128 + Int((224 * 0.08 * kb / length).rounded()), cr: 128 + Int((224 * 0.08 * kr / length).rounded()))
        let opposite = (cb: 128 - Int((224 * 0.3 * kb / length).rounded()), cr: 128 - Int((224 * 0.3 * kr / length).rounded()))
        try clip(ws, [cast, opposite] + Array(repeating: (cb: 128, cr: 128), count: 14))
        let out = try render(ws, key: #"{ "similarity": 0.05, "smoothness": 0.05, "spill": 0.5 }"#, name: "spill.mp4")
        let strong = column(out, 0)
        XCTAssertEqual(strong.y, 120, accuracy: 2, "kept whole")
        XCTAssertEqual(strong.cb, 128 + 0.5 * Double(cast.cb - 128), accuracy: 2, "half the cast taken out")
        XCTAssertEqual(strong.cr, 128 + 0.5 * Double(cast.cr - 128), accuracy: 2)
        let other = column(out, 1)
        XCTAssertEqual(other.cb, Double(opposite.cb), accuracy: 2, "another hue is left alone")
        XCTAssertEqual(other.cr, Double(opposite.cr), accuracy: 2)
    }

    func testValidationNamesEveryMistake() {
        let problems = SpecDecoder.decode(Array(##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1, "chromaKey": {} } ],
          "overlays": [ { "type": "text", "text": "hi", "start": 0, "chromaKey": {} },
                        { "type": "image", "src": "x.png", "start": 0, "chromaKey": { "color": "#00FF0080", "similarity": 2, "spill": "lots" } } ] } }
        """##.utf8))
        guard case .failure(let p) = problems else { return XCTFail("decoded") }
        XCTAssertEqual(Set(p.problems.map(\.pointer)), ["/timeline/videos/0/chromaKey", "/timeline/overlays/0/chromaKey",
                                                        "/timeline/overlays/1/chromaKey/color", "/timeline/overlays/1/chromaKey/similarity",
                                                        "/timeline/overlays/1/chromaKey/spill"])
    }

    /// The keyer itself on a row of 11 blocks (an odd count, 22 px), at 8 and 10 bits: every block
    /// keyed by the formula, the last one too.
    func testEveryBlockOfAnOddRowIsKeyedAtEitherDepth() throws {
        for depth in [SampleDepth.eight, .ten] {
            let picture = try Frame.video(width: 22, height: 4, format: depth.format(alpha: false))
            let shift = depth == .ten ? 2 : 0
            let key = Self.ycbcr(0, 0xB1 / 255.0, 0x40 / 255.0)
            // Block k's chroma moves from the key's towards (200, 200) by k / 10.
            let chroma = (0..<11).map { k -> (cb: Double, cr: Double) in
                (key.cb + Double(k) / 10 * (200 - key.cb), key.cr + Double(k) / 10 * (200 - key.cr))
            }
            func fill<S: PlaneSample>(_: S.Type) {
                for y in 0..<4 { for x in 0..<22 { PlaneView<S>(picture, plane: 0).row(y)[x] = S(truncatingIfNeeded: 120 << shift) } }
                for y in 0..<2 {
                    for k in 0..<11 {
                        PlaneView<S>(picture, plane: 1).row(y)[k] = S(truncatingIfNeeded: Int((chroma[k].cb * Double(1 << shift)).rounded()))
                        PlaneView<S>(picture, plane: 2).row(y)[k] = S(truncatingIfNeeded: Int((chroma[k].cr * Double(1 << shift)).rounded()))
                    }
                }
            }
            func alphas<S: PlaneSample>(_ f: Frame, _: S.Type) -> [Double] {
                (0..<11).map { k in Double(PlaneView<S>(f, plane: 3).row(3)[2 * k + 1]) / Double(S.maximum) }
            }
            if depth == .ten { fill(UInt16.self) } else { fill(UInt8.self) }
            matrixTag(picture)
            let keyed = try ChromaKeyer.key(picture, ChromaKeySpec(), color: .bt601)
            let got = depth == .ten ? alphas(keyed, UInt16.self) : alphas(keyed, UInt8.self)
            for k in 0..<11 {
                // The samples as written at this depth, and the key's at it.
                let scale = Double(1 << shift)
                func at(_ v: Double) -> Double { ((v * scale).rounded() / scale - 128) / 224 }
                let cb = at(chroma[k].cb), cr = at(chroma[k].cr), kb = at(key.cb), kr = at(key.cr)
                let d = (((cb - kb) * (cb - kb) + (cr - kr) * (cr - kr)) / 2).squareRoot()
                let want = min(1, max(0, (d - 0.3) / 0.1))
                XCTAssertEqual(got[k], want, accuracy: 0.02, "\(depth) block \(k)")
            }
            XCTAssertEqual(got[0], 0, "the key itself is transparent")
            XCTAssertEqual(got[10], 1, "far from the key: opaque")
        }
    }

    private func matrixTag(_ f: Frame) { CanvasColor.bt601.tag(f) }
}
