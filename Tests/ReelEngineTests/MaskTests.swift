import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Masks through the whole render: a white item over a black background in a lossless output, so
/// each pixel's luma is 16 + 219 × the mask's value there. Shapes against exact coverage
/// (`Fixtures/coverage_oracle.py`), feathering against the normal CDF, image and video masks
/// against their own decoded luma or alpha, and every mistake at its pointer.
final class MaskTests: XCTestCase {
    /// The luma of each frame of a white `duration` s item with `mask` over black (64×48, 10 fps).
    func luma(_ ws: Workspace, mask: String, item: String = ##""color": "#FFFFFF""##, duration: String = "0.1", name: String = "out.mp4") throws -> [[UInt8]] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "background": "#000000", "video": { "crf": 0 } },
          "timeline": { "videos": [ { \##(item), "duration": \##(duration), "mask": \##(mask) } ] } }
        """##, to: name)
        return try Tools.yuvFrames(out, width: 64, height: 48).map { Array($0[0..<(64 * 48)]) }
    }

    func testAShapeMaskShowsTheItemByItsExactCoverageAndInverts() throws {
        let ws = try Workspace()
        let ellipse = ##"{ "shape": "ellipse", "frame": { "x": "31.3px", "y": "23.6px", "width": "49.4px", "height": "30.2px" } }"##
        let want = try CoverageOracle.exact(ws, ["ellipse": [31.3, 23.6, 24.7, 15.1]])
        let shown = try luma(ws, mask: ##"{ "shape": \##(ellipse) }"##, name: "a.mp4")[0]
        XCTAssertGreaterThan(CoverageOracle.assertCoverage(shown, want, "ellipse mask"), 60)
        let inverted = try luma(ws, mask: ##"{ "shape": \##(ellipse), "invert": true }"##, name: "b.mp4")[0]
        CoverageOracle.assertCoverage(inverted, want.map { 1 - $0 }, "inverted ellipse mask")
    }

    func testFeatherIsAGaussianOfHalfItsWidth() throws {
        let ws = try Workspace()
        // The left half shows; feather 8 px: σ = 4 px across the edge at x = 32.
        let f = try luma(ws, mask: ##"{ "shape": { "shape": "rect", "frame": { "x": 0, "y": 0.5, "width": 1, "height": 2 } }, "feather": 8 }"##)[0]
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        for x in 20..<44 {
            let expected = 16 + 219 * (1 - phi((Double(x) + 0.5 - 32) / 4))
            XCTAssertEqual(Double(f[24 * 64 + x]), expected, accuracy: 2.5, "column \(x)")
        }
        XCTAssertEqual(Double(f[24 * 64 + 32]), 16 + 219 * (1 - phi(0.5 / 4)), accuracy: 2, "the edge at half, softened")
        XCTAssertEqual(Int(f[24 * 64 + 4]), 235, accuracy: 1, "far inside: all shows")
        XCTAssertEqual(Int(f[24 * 64 + 60]), 16, accuracy: 1, "far outside: nothing")
    }

    func testAnImageMaskByItsLumaAndByItsAlpha() throws {
        let ws = try Workspace()
        // A horizontal grey ramp (luma), and a white picture whose alpha ramps down the other way.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=black:s=64x48,format=rgb24,geq=r='X*4':g='X*4':b='X*4'", "-frames:v", "1", ws.path("ramp.png")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=white:s=64x48,format=rgba,geq=r=255:g=255:b=255:a='255-X*4'", "-frames:v", "1", ws.path("alpha.png")])
        let rampLuma = try Tools.yuvFrames(try { () throws -> String in
            try Tools.ffmpeg(["-i", ws.path("ramp.png"), "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", ws.path("ramp.mp4")])
            return ws.path("ramp.mp4")
        }(), width: 64, height: 48)[0]
        let byLuma = try luma(ws, mask: ##"{ "src": "ramp.png" }"##, name: "l.mp4")[0]
        for x in stride(from: 2, to: 64, by: 5) {
            XCTAssertEqual(Int(byLuma[24 * 64 + x]), Int(rampLuma[24 * 64 + x]), accuracy: 2, "white × luma mask = the mask's own luma, column \(x)")
        }
        let byAlpha = try luma(ws, mask: ##"{ "src": "alpha.png" }"##, name: "a.mp4")[0]
        for x in stride(from: 2, to: 64, by: 5) {
            let alpha = Double(255 - x * 4) / 255
            XCTAssertEqual(Double(byAlpha[24 * 64 + x]), 16 + 219 * alpha, accuracy: 2, "alpha by default for a picture with alpha, column \(x)")
        }
        let alphaAsLuma = try luma(ws, mask: ##"{ "src": "alpha.png", "mode": "luma" }"##, name: "al.mp4")[0]
        XCTAssertEqual(Int(alphaAsLuma[24 * 64 + 60]), 235, accuracy: 2, "its luma is white everywhere")
    }

    func testAVideoMaskPlaysAlongWithTheItemAndHoldsItsLastFrame() throws {
        let ws = try Workspace()
        // White for 0.5 s, then black for 0.5 s; the item lasts 1.5 s.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=white:s=32x32:r=10:d=0.5", "-f", "lavfi", "-i", "color=black:s=32x32:r=10:d=0.5",
                          "-filter_complex", "[0][1]concat=n=2:v=1", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", ws.path("mask.mp4")])
        let f = try luma(ws, mask: ##"{ "src": "mask.mp4" }"##, duration: "1.5")
        XCTAssertEqual(f.count, 15)
        XCTAssertEqual(f.map { Int($0[24 * 64 + 32]) > 125 }, (0..<15).map { $0 < 5 }, "shown while the mask is white, then hidden, held black")
    }

    func testAnOverlaysMaskIsOnItsOwnPictureAndMovesWithIt() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=white:s=16x16", "-frames:v", "1", ws.path("white.png")])
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "background": "#000000", "video": { "crf": 0 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [
            { "type": "image", "src": "white.png", "start": 0, "frame": { "x": "16px", "y": "24px", "width": "16px" },
              "mask": { "shape": { "shape": "rect", "frame": { "x": 0.25, "y": 0.5, "width": 0.5, "height": 1 } } },
              "keyframes": [ { "time": 0, "x": "16px" }, { "time": 0.9, "x": "48px" } ] } ] } }
        """##, to: "o.mp4")
        let f = try Tools.yuvFrames(out, width: 64, height: 48)
        func lit(_ frame: [UInt8]) -> [Int] { (0..<64).filter { frame[24 * 64 + $0] > 125 } }
        XCTAssertEqual(lit(f[0]), Array(8..<16), "the left half of the 16 px picture at x 8…24")
        XCTAssertEqual(lit(f[9]), Array(40..<48), "and still its left half once moved to x 40…56")
    }

    func testEveryMistakeAtItsPointer() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=d=1", ws.path("tone.wav")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=white:s=16x16", "-frames:v", "1", ws.path("white.jpg")])
        let problems = { (mask: String) -> [String: String] in
            let json = ##"{ "version": 1, "timeline": { "videos": [ { "color": "#FFFFFF", "duration": 1, "mask": \##(mask) } ] } }"##
            do { _ = try ws.plan(json) } catch let p as SpecProblems { return Dictionary(p.problems.map { ($0.pointer, $0.message) }) { a, _ in a } }
            catch RenderError.invalid(let p) { return Dictionary(p.map { ($0.pointer, $0.message) }) { a, _ in a } }
            catch { return ["unexpected": "\(error)"] }
            return [:]
        }
        let m = "/timeline/videos/0/mask"
        XCTAssertEqual(problems(##"{ "src": "tone.wav" }"##), ["\(m)/src": "\"tone.wav\" has no picture to use as a mask"])
        XCTAssertEqual(problems(##"{ "src": "white.jpg", "mode": "alpha" }"##), ["\(m)/mode": "\"white.jpg\" has no alpha channel; use mode \"luma\""])
        XCTAssertEqual(Set(problems(##"{ "src": "missing.png" }"##).keys), ["\(m)/src"])
        XCTAssertEqual(problems(##"{ "invert": true }"##), [m: "needs a shape or a src"])
        XCTAssertEqual(Set(problems(##"{ "src": "white.jpg", "shape": { "shape": "ellipse", "frame": { "x": 0.5, "y": 0.5, "width": 0.5 } } }"##).keys), ["\(m)/src"])
        XCTAssertEqual(Set(problems(##"{ "shape": { "shape": "ellipse", "frame": { "x": 0.5, "y": 0.5, "width": 0.5 } }, "mode": "luma" }"##).keys), ["\(m)/mode"])
        XCTAssertEqual(Set(problems(##"{ "shape": { "shape": "polygon", "points": [[0, 0], [1, 1]] }, "feather": -1 }"##).keys),
                       ["\(m)/shape/points", "\(m)/feather"])
        XCTAssertEqual(problems(##"{ "src": "white.jpg", "mode": "luma", "feather": 3 }"##), [:])
    }
}
