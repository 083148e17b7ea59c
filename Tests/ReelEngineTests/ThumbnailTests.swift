import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

final class ThumbnailTests: XCTestCase {
    /// Decodes a JPEG with ffmpeg to RGB and returns the centre pixel.
    func centre(_ jpeg: [UInt8], in ws: Workspace, width: Int, height: Int) throws -> [Int] {
        try Data(jpeg).write(to: URL(fileURLWithPath: ws.path("thumb.jpg")))
        let probe = try Tools.probe(ws.path("thumb.jpg"))
        let v = try XCTUnwrap(Tools.stream(probe, "video"))
        XCTAssertEqual([v.int("width"), v.int("height")], [width, height])
        XCTAssertEqual(v["codec_name"] as? String, "mjpeg")
        let r = try Tools.run("ffmpeg", ["-v", "error", "-i", ws.path("thumb.jpg"), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let px = [UInt8](r.stdout)
        let i = ((height / 2) * width + width / 2) * 3
        return [Int(px[i]), Int(px[i + 1]), Int(px[i + 2])]
    }

    func testThumbnailShowsTheFrameAtTheTimeScaledToWidth() throws {
        let ws = try Workspace()
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 320, "height": 180 },
          "timeline": { "videos": [ { "color": "#FF0000", "duration": 1 }, { "color": "#0000FF", "duration": 1 } ] } }
        """##)
        let red = try centre(try ThumbnailGenerator.jpeg(path: out, at: Time(value: 1, timescale: 2), width: 160), in: ws, width: 160, height: 90)
        XCTAssertGreaterThan(red[0], 200); XCTAssertLessThan(red[2], 60)
        let blue = try centre(try ThumbnailGenerator.jpeg(path: out, at: Time(value: 3, timescale: 2)), in: ws, width: 320, height: 180)
        XCTAssertLessThan(blue[0], 60); XCTAssertGreaterThan(blue[2], 200)
    }
}
