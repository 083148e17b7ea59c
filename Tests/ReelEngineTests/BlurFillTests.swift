import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// `fit: "blur"` (docs/API.md (compositing)) through the whole render on decoded pixels: the picture
/// letterboxed as `fit`, the bars the same picture scaled to fill, Gaussian-blurred by `blurRadius`
/// (a standard deviation, checked against the normal distribution's CDF across a step) and dimmed.
final class BlurFillTests: XCTestCase {
    /// A 128×64 picture, black on its left half and white on its right: in a 64×64 frame it fits at
    /// 64×32 (bars above and below) and fills at scale 1, so the bars hold its middle 64 columns with
    /// the step between columns 31 and 32.
    func picture(_ ws: Workspace) throws {
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x64,format=rgb24[l];color=c=white:s=64x64,format=rgb24[r];[l][r]hstack",
                          "-frames:v", "1", ws.path("step.png")])
    }

    func render(_ ws: Workspace, _ item: String, output: String = "", name: String) throws -> [UInt8] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10, "video": { "crf": 0 }\##(output) },
          "timeline": { "videos": [ \##(item) ] } }
        """##, to: name)
        return try XCTUnwrap(Tools.yuvFrames(out, width: 64, height: 64).first)
    }

    /// The standard normal CDF.
    func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }

    func testTheBarsAreTheFilledPictureGaussianBlurred() throws {
        let ws = try Workspace()
        try picture(ws)
        // σ² = 30 = r² + r for r = 5: the box passes' variance exactly.
        let sigma = 30.0.squareRoot()
        let f = try render(ws, #"{ "src": "step.png", "duration": 0.5, "fit": "blur", "blurRadius": 5.477225575, "dim": 0 }"#, name: "blur.mp4")
        for x in 20..<44 {
            let expected = 16 + 219 * phi((Double(x) - 31.5) / sigma)
            XCTAssertEqual(Double(f[8 * 64 + x]), expected, accuracy: 6, "bar above, column \(x)")
            XCTAssertEqual(Double(f[56 * 64 + x]), expected, accuracy: 6, "bar below, column \(x)")
        }
        XCTAssertEqual(Int(f[8 * 64 + 2]), 16, accuracy: 2, "far from the step: black")
        XCTAssertEqual(Int(f[8 * 64 + 61]), 235, accuracy: 2, "and white")
        // The picture itself, sharp, in the middle band: columns 0…31 black, 32…63 white.
        XCTAssertEqual(Int(f[32 * 64 + 20]), 16, accuracy: 2)
        XCTAssertEqual(Int(f[32 * 64 + 44]), 235, accuracy: 2)
        XCTAssertLessThan(Int(f[32 * 64 + 30]), 40, "no blur inside the picture")
    }

    /// `dim` darkens the bars towards black; `output.fit` with its own `blurRadius`/`dim` applies to
    /// items that set none.
    func testDimAndTheOutputsDefaults() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=128x64", "-frames:v", "1", ws.path("white.png")])
        let f = try render(ws, #"{ "src": "white.png", "duration": 0.5 }"#, output: #", "fit": "blur", "blurRadius": 8, "dim": 0.5"#, name: "dim.mp4")
        XCTAssertEqual(Double(f[8 * 64 + 32]), 16 + 219 * 0.5, accuracy: 1.5, "white bars at half")
        XCTAssertEqual(Int(f[32 * 64 + 32]), 235, accuracy: 1, "the picture undimmed")
    }

    func testValidation() throws {
        let ws = try Workspace()
        try picture(ws)
        // The bars' keyframes need bars: the item's fit, or the output's, must be blur.
        XCTAssertThrowsError(try ws.plan(##"{ "version": 1, "timeline": { "videos": [ { "src": "step.png", "duration": 1, "keyframes": [ { "time": 0, "blurRadius": 4, "dim": 0.5 } ] } ] } }"##)) { error in
            guard case RenderError.invalid(let p) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(p.map(\.pointer), ["/timeline/videos/0/keyframes/0/blurRadius", "/timeline/videos/0/keyframes/0/dim"])
        }
        XCTAssertNoThrow(try ws.plan(##"{ "version": 1, "output": { "fit": "blur" }, "timeline": { "videos": [ { "src": "step.png", "duration": 1, "keyframes": [ { "time": 0, "blurRadius": 4 } ] } ] } }"##))
        let decoded = SpecDecoder.decode(Array(##"{ "version": 1, "output": { "blurRadius": 3 }, "timeline": { "videos": [ { "src": "step.png", "duration": 1, "fit": "fill", "dim": 0.1 }, { "src": "step.png", "duration": 1, "fit": "blur", "dim": 2 } ] } }"##.utf8))
        guard case .failure(let problems) = decoded else { return XCTFail("decoded") }
        XCTAssertEqual(Set(problems.problems.map(\.pointer)), ["/output/blurRadius", "/timeline/videos/0/dim", "/timeline/videos/1/dim"])
    }

    /// An item with keyframes, filters or a mask is drawn as a layer: fitted over its blurred bars
    /// first, so a keyframe that changes nothing draws the plain path's pixels exactly, keyframes act
    /// on the item with its bars (a fade fades both), and the bars' `blurRadius` and `dim` keyframe:
    /// each frame as the plain path draws the value fixed.
    func testAsALayerWithKeyframes() throws {
        let ws = try Workspace()
        // A lossless 4:2:0 clip, so the layer path (which reads it at its own size first) and the
        // plain path (which fits it straight from the decoder) start from the same samples.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=128x64:rate=10", "-t", "1", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p",
                          ws.path("clip.mp4")])
        func frames(_ item: String, _ name: String) throws -> [[UInt8]] {
            let out = try ws.render(##"""
            { "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10, "video": { "crf": 0 } },
              "timeline": { "videos": [ \##(item) ] } }
            """##, to: name)
            return try Tools.yuvFrames(out, width: 64, height: 64)
        }
        let plain = try frames(#"{ "src": "clip.mp4", "fit": "blur", "blurRadius": 6 }"#, "plain.mp4")
        let layered = try frames(#"{ "src": "clip.mp4", "fit": "blur", "blurRadius": 6, "keyframes": [ { "time": 0, "opacity": 1 } ] }"#, "layer.mp4")
        XCTAssertEqual(layered.count, 10)
        XCTAssertEqual(layered, plain, "as a layer, pixel for pixel the plain path's")
        // A fade to half over black: the bars fade with the picture.
        let faded = try frames(#"{ "src": "clip.mp4", "fit": "blur", "blurRadius": 6, "keyframes": [ { "time": 0, "opacity": 0.5 } ] }"#, "fade.mp4")
        XCTAssertEqual(Double(faded[0][4 * 64 + 32]), 16 + (Double(plain[0][4 * 64 + 32]) - 16) / 2, accuracy: 1.5, "a bar at half")
        // The bars' radius and dimming keyframed: frames 0, 4 (halfway) and 9 as the values fixed.
        let animated = try frames(##"{ "src": "clip.mp4", "fit": "blur", "keyframes": [ { "time": 0, "blurRadius": 2, "dim": 0 }, { "time": 0.8, "blurRadius": 10, "dim": 0.5 } ] }"##, "animated.mp4")
        for (frame, radius, dim) in [(0, 2.0, 0.0), (4, 6.0, 0.25), (9, 10.0, 0.5)] {
            let fixed = try frames(##"{ "src": "clip.mp4", "fit": "blur", "blurRadius": \##(radius), "dim": \##(dim) }"##, "fixed-\(frame).mp4")
            XCTAssertEqual(animated[frame], fixed[frame], "frame \(frame): the bars as blurRadius \(radius), dim \(dim) draw them")
        }
        XCTAssertNotEqual(animated[0], animated[9])
    }
}
