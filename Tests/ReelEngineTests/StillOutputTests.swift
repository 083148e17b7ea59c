import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// `jpg` and `png` outputs: one picture of the timeline at `range.start`, read back with ffmpeg.
final class StillOutputTests: XCTestCase {
    /// Decodes an image to packed RGB (ffmpeg converts with the file's own colour rules).
    func rgb(_ path: String) throws -> [UInt8] {
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return [UInt8](r.stdout)
    }

    func pixel(_ rgb: [UInt8], _ x: Int, _ y: Int, width: Int) -> [Int] {
        (0..<3).map { Int(rgb[(y * width + x) * 3 + $0]) }
    }

    /// Frame N of the ramp has luma N; a PNG at 100/30 s shows frame 100, whose grey in full-range
    /// RGB is (100 − 16) × 255 / 219 ≈ 98, and neither frame 99 nor 101 (about 1.2 apart).
    func testThePictureIsTheFrameAtRangeStart() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", size: "64x48", seconds: 5)
        for (format, tolerance) in [("png", 0.6), ("jpg", 1.5)] {
            let out = try ws.render("""
            { "version": 1, "output": { "format": "\(format)", "range": { "start": "100/30", "duration": 1 } },
              "timeline": { "videos": [ { "src": "ramp.mp4" } ] } }
            """, to: "out.\(format)")
            let stream = try XCTUnwrap(Tools.stream(try Tools.probe(out), "video"))
            XCTAssertEqual(stream["codec_name"] as? String, format == "png" ? "png" : "mjpeg")
            XCTAssertEqual(stream.int("width"), 64)
            XCTAssertEqual(stream.int("height"), 48)
            let p = pixel(try rgb(out), 32, 24, width: 64)
            for c in p { XCTAssertEqual(Double(c), 97.8, accuracy: tolerance, "\(format): \(p)") }
        }
    }

    /// An HD canvas is BT.709; the file's colours must still be right (JPEG is BT.601, PNG RGB).
    func testHDColoursSurviveTheMatrix() throws {
        let ws = try Workspace()
        for format in ["png", "jpg"] {
            let out = try ws.render("""
            { "version": 1, "output": { "format": "\(format)", "width": 1280, "height": 720 },
              "timeline": { "videos": [ { "color": "#E01030", "duration": 1 } ] } }
            """, to: "card.\(format)")
            let p = pixel(try rgb(out), 640, 360, width: 1280)
            XCTAssertEqual(Double(p[0]), 0xE0, accuracy: 4, "\(format) red \(p)")
            XCTAssertEqual(Double(p[1]), 0x10, accuracy: 4, "\(format) green \(p)")
            XCTAssertEqual(Double(p[2]), 0x30, accuracy: 4, "\(format) blue \(p)")
        }
    }

    func testTheTimelineAfterTheStartDoesNotMatter() throws {
        let ws = try Workspace()
        // The range's duration reaches past the end: only its start counts for a picture.
        let out = try ws.render(##"""
        { "version": 1, "output": { "format": "png", "width": 32, "height": 32, "range": { "start": 1.5, "duration": 10 } },
          "timeline": { "videos": [ { "color": "#FF0000", "duration": 1 }, { "color": "#0000FF", "duration": 1 } ] } }
        """##, to: "out.png")
        let p = pixel(try rgb(out), 16, 16, width: 32)
        XCTAssertLessThan(p[0], 8)
        XCTAssertGreaterThan(p[2], 247, "the second card, blue: \(p)")
        XCTAssertThrowsError(try ws.plan(##"""
        { "version": 1, "output": { "format": "png", "range": { "start": 2, "duration": 1 } },
          "timeline": { "videos": [ { "color": "#FF0000", "duration": 2 } ] } }
        """##), "a start at the timeline's end shows nothing")
    }

    /// `time` says the instant as `range.start` does: the same frame of the ramp, and no frame at
    /// or after the timeline's end.
    func testTimeIsTheInstantPictured() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", size: "64x48", seconds: 5)
        let out = try ws.render("""
        { "version": 1, "output": { "format": "png", "time": "100/30" }, "timeline": { "videos": [ { "src": "ramp.mp4" } ] } }
        """, to: "poster.png")
        let p = pixel(try rgb(out), 32, 24, width: 64)
        for c in p { XCTAssertEqual(Double(c), 97.8, accuracy: 0.6, "\(p)") }
        XCTAssertThrowsError(try ws.plan(##"""
        { "version": 1, "output": { "format": "jpg", "time": 2 }, "timeline": { "videos": [ { "color": "#FF0000", "duration": 2 } ] } }
        """##)) { error in
            guard case RenderError.invalid(let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(problems, [SpecProblem(pointer: "/output/time", message: "is 2 s, at or after the timeline's end (2 s)")])
        }
    }
}
