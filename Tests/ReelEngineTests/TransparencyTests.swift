import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Transparent timelines: ProRes 4444 and PNG keep alpha where the background shows (letterbox bars,
/// colour cards with alpha, translucent overlays over them, transitions from a clear card); outputs
/// that cannot carry alpha show a translucent colour laid over what is under it. Read back with
/// ffmpeg, decoded to RGBA.
final class TransparencyTests: XCTestCase {
    private func pixel(_ rgba: [UInt8], _ x: Int, _ y: Int, width: Int) -> [Int] {
        (0..<4).map { Int(rgba[(y * width + x) * 4 + $0]) }
    }

    private func assertPixel(_ p: [Int], _ expected: [Int], accuracy: Int, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        for (i, (a, b)) in zip(p, expected).enumerated() where abs(a - b) > accuracy {
            XCTFail("\(what): channel \(i) is \(a), expected \(b) ±\(accuracy) (pixel \(p))", file: file, line: line)
        }
    }

    /// A 4444 render of a letterboxed clip under a half-opaque red box: the bars are clear, the clip
    /// opaque and unchanged in colour, the box red at half alpha where it lies over a bar.
    func testProRes4444KeepsAlphaWhereTheBackgroundShows() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0x3060C0:size=64x64:rate=25:duration=1", "-pix_fmt", "yuv420p", ws.path("blue.mp4")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:size=16x16", "-frames:v", "1", ws.path("red.png")])
        let out = try ws.render("""
        { "version": 1, "output": { "format": "mov", "width": 128, "height": 64, "frameRate": 25,
                                    "video": { "codec": "prores", "profile": "4444" } },
          "timeline": { "videos": [ { "src": "blue.mp4", "sourceRange": { "start": 0, "duration": 0.4 } } ],
                        "overlays": [ { "type": "image", "src": "red.png", "start": 0, "frame": { "x": 0.125, "y": 0.5, "width": 0.125 },
                                        "opacity": 0.5 } ] } }
        """, to: "out.mov")
        let v = try XCTUnwrap(Tools.stream(try Tools.probe(out), "video"))
        XCTAssertEqual(v["profile"] as? String, "4444")
        XCTAssertEqual(v["pix_fmt"] as? String, "yuva444p12le", "an alpha channel in the bitstream")
        let frames = try Tools.rgbaFrames(out, width: 128, height: 64)
        XCTAssertEqual(frames.count, 10)
        for f in [frames[0], frames[9]] {
            XCTAssertEqual(pixel(f, 2, 2, width: 128)[3], 0, "a letterbox bar is clear")
            XCTAssertEqual(pixel(f, 125, 60, width: 128)[3], 0, "the other bar too")
            assertPixel(pixel(f, 64, 32, width: 128), [0x30, 0x60, 0xC0, 255], accuracy: 3, "the clip, opaque")
            assertPixel(pixel(f, 16, 32, width: 128), [255, 0, 0, 128], accuracy: 3, "the box over a bar: red at half alpha")
        }
    }

    /// A dissolve from a clear colour card into a clip: alpha rises with the dissolve's progress, and
    /// the colour stays the clip's (straight alpha, not darkened by the clear card).
    func testDissolveFromAClearCardFadesAlphaIn() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0xC08020:size=32x32:rate=10:duration=2", "-pix_fmt", "yuv420p", ws.path("clip.mp4")])
        let out = try ws.render("""
        { "version": 1, "output": { "format": "mov", "frameRate": 10, "video": { "codec": "prores", "profile": "4444" } },
          "timeline": { "videos": [ { "color": "#00000000", "duration": 1 }, { "src": "clip.mp4" } ],
                        "transitions": [ { "type": "dissolve", "duration": 1 } ] } }
        """, to: "out.mov")
        let frames = try Tools.rgbaFrames(out, width: 32, height: 32)
        XCTAssertEqual(frames.count, 20)
        XCTAssertEqual(pixel(frames[0], 16, 16, width: 32)[3], 0, "the clear card alone")
        let middle = pixel(frames[5], 16, 16, width: 32)
        XCTAssertEqual(middle[3], 128, accuracy: 4, "half way through the dissolve")
        assertPixel(Array(middle[0..<3]), [0xC0, 0x80, 0x20], accuracy: 4, "the clip's own colour under half alpha")
        assertPixel(pixel(frames[15], 16, 16, width: 32), [0xC0, 0x80, 0x20, 255], accuracy: 3, "after the dissolve")
    }

    /// 4444 of pictures that cover the frame, or over an opaque background, carries no alpha channel.
    func testProRes4444IsOpaqueWhenNothingShowsThrough() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x32:rate=10:duration=0.5", "-pix_fmt", "yuv420p", ws.path("clip.mp4")])
        for (name, output) in [("covered", #""width": 64, "height": 32"#), ("opaque", ##""width": 64, "height": 64, "background": "#000000""##)] {
            let out = try ws.render("""
            { "version": 1, "output": { "format": "mov", \(output), "video": { "codec": "prores", "profile": "4444" } },
              "timeline": { "videos": [ { "src": "clip.mp4" } ] } }
            """, to: "\(name).mov")
            let v = try XCTUnwrap(Tools.stream(try Tools.probe(out), "video"))
            XCTAssertEqual(v["pix_fmt"] as? String, "yuv444p12le", name)
        }
    }

    /// A PNG keeps alpha when its background is clear; a colour card with alpha is laid over it.
    func testPNGWithAClearBackground() throws {
        let ws = try Workspace()
        let out = try ws.render("""
        { "version": 1, "output": { "format": "png", "width": 32, "height": 32, "background": "#00000000" },
          "timeline": { "videos": [ { "color": "#FF000080", "duration": 1 } ] } }
        """, to: "out.png")
        let v = try XCTUnwrap(Tools.stream(try Tools.probe(out), "video"))
        XCTAssertEqual(v["pix_fmt"] as? String, "rgba")
        assertPixel(pixel(try Tools.rgbaFrames(out, width: 32, height: 32)[0], 16, 16, width: 32), [255, 0, 0, 128],
                    accuracy: 3, "half-transparent red")
    }

    /// Outputs without alpha show a translucent colour card over the background, and a translucent
    /// background over black, as a player would.
    func testOpaqueOutputsLayTranslucentColoursOverWhatIsUnder() throws {
        let ws = try Workspace()
        let card = try ws.render("""
        { "version": 1, "output": { "format": "png", "width": 32, "height": 32, "background": "#FFFFFF" },
          "timeline": { "videos": [ { "color": "#FF000080", "duration": 1 } ] } }
        """, to: "card.png")
        assertPixel(pixel(try Tools.rgbaFrames(card, width: 32, height: 32)[0], 16, 16, width: 32), [255, 127, 127, 255],
                    accuracy: 3, "red at half alpha over white")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white:size=16x32:rate=10:duration=0.5", "-pix_fmt", "yuv420p", ws.path("tall.mp4")])
        let bars = try ws.render("""
        { "version": 1, "output": { "format": "mp4", "width": 64, "height": 32, "background": "#0000FF80" },
          "timeline": { "videos": [ { "src": "tall.mp4" } ] } }
        """, to: "bars.mp4")
        assertPixel(pixel(try Tools.rgbaFrames(bars, width: 64, height: 32)[0], 4, 16, width: 64), [0, 0, 128, 255],
                    accuracy: 6, "a translucent blue bar over black")
    }
}
