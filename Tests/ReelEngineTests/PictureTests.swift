@testable import ReelEngine
import ReelSpec
import XCTest

/// Rotation, fit modes, stills, colour cards and pixel-format mixing, checked on decoded pixels.
final class PictureTests: XCTestCase {
    /// A 64x32 clip, black with a white 16x8 block in its top-left corner, stored with a display
    /// matrix that turns it a quarter (as phones record portrait video).
    func makeRotated(_ ws: Workspace) throws {
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x32:r=30:d=1,drawbox=x=0:y=0:w=16:h=8:c=white:t=fill",
                          "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", ws.path("plain.mp4")])
        try Tools.ffmpeg(["-i", ws.path("plain.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=90", ws.path("rotated.mp4")])
    }

    func testRotatedSourceComesOutUprightLikeFFmpegShowsIt() throws {
        let ws = try Workspace()
        try makeRotated(ws)
        let out = try ws.render("""
        { "version": 1, "output": { "video": { "crf": 0 } }, "timeline": { "videos": [ { "src": "rotated.mp4" } ] } }
        """)
        let v = try XCTUnwrap(Tools.stream(try Tools.probe(out), "video"))
        XCTAssertEqual(v.int("width"), 32)
        XCTAssertEqual(v.int("height"), 64)
        // ffmpeg's own autorotation of the source is the oracle.
        let expected = try Tools.lumaFrames(ws.path("rotated.mp4"), width: 32, height: 64)[0]
        let got = try Tools.lumaFrames(out, width: 32, height: 64)[0]
        let mismatches = zip(expected, got).filter { ($0 > 128) != ($1 > 128) }.count
        XCTAssertEqual(mismatches, 0)
        XCTAssertGreaterThan(expected.filter { $0 > 128 }.count, 100, "the marker is visible")
    }

    func testFitModesLetterboxCropAndStretch() throws {
        let ws = try Workspace()
        // 4:3 white picture with a black band over its top eighth.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=64x48:r=30:d=1,drawbox=x=0:y=0:w=64:h=6:c=black:t=fill",
                          "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", ws.path("four3.mp4")])
        func render(_ fit: String) throws -> [UInt8] {
            let out = try ws.render("""
            { "version": 1, "output": { "width": 128, "height": 72, "fit": "\(fit)", "background": "#000000", "video": { "crf": 0 } },
              "timeline": { "videos": [ { "src": "four3.mp4" } ] } }
            """, to: "\(fit).mp4")
            return try Tools.lumaFrames(out, width: 128, height: 72)[0]
        }
        func at(_ f: [UInt8], _ x: Int, _ y: Int) -> Int { Int(f[y * 128 + x]) }
        let fit = try render("fit")
        XCTAssertLessThan(at(fit, 4, 40), 30, "left letterbox bar")
        XCTAssertLessThan(at(fit, 123, 40), 30, "right letterbox bar")
        XCTAssertGreaterThan(at(fit, 64, 40), 220, "picture in the middle")
        XCTAssertLessThan(at(fit, 64, 3), 30, "the top band is kept")
        let fill = try render("fill")
        XCTAssertGreaterThan(at(fill, 4, 40), 220, "no bars")
        XCTAssertGreaterThan(at(fill, 64, 2), 220, "the top band is cropped away")
        let stretch = try render("stretch")
        XCTAssertGreaterThan(at(stretch, 4, 40), 220, "no bars")
        XCTAssertLessThan(at(stretch, 64, 3), 30, "the top band is kept")
    }

    /// A keyframed item is drawn as a layer, a plain one straight into the frame; both are placed
    /// by the same fit rule, so a keyframe that changes nothing moves no edge. A 50×38 picture
    /// fits 128×72 at 94.7 px wide: the plain path snaps to 94 px from x = 16, and the layered
    /// path once drew it 94.7 px wide from x = 16.6, a different first column.
    func testAKeyframedItemLandsWhereThePlainItemDoes() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=50x38:r=10:d=1", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p",
                          ws.path("white.mp4")])
        func row(_ keyframes: String, _ name: String) throws -> [Int] {
            let out = try ws.render("""
            { "version": 1, "output": { "width": 128, "height": 72, "frameRate": 10, "background": "#000000", "video": { "crf": 0 } },
              "timeline": { "videos": [ { "src": "white.mp4"\(keyframes) } ] } }
            """, to: name)
            let f = try Tools.lumaFrames(out, width: 128, height: 72)[2]
            return (0..<128).map { Int(f[36 * 128 + $0]) }
        }
        let plain = try row("", "plain.mp4")
        let layered = try row(#", "keyframes": [ { "time": 0, "opacity": 1 } ]"#, "layered.mp4")
        XCTAssertLessThan(plain[15], 30, "background left of the picture")
        XCTAssertGreaterThan(plain[16], 220, "the picture starts on an even column")
        for x in [14, 15, 16, 17, 109, 110, 111] {
            XCTAssertEqual(layered[x], plain[x], accuracy: 12, "column \(x): the same edge either way")
        }
    }

    func testStillsColourCardsAndPixelFormatsMix() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=48x48", "-frames:v", "1", ws.path("red.png")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=48x48", "-frames:v", "1", "-pix_fmt", "yuvj420p", ws.path("blue.jpg")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=green:s=48x48:r=30:d=1", "-pix_fmt", "yuv444p",
                          "-c:v", "libx264", "-qp", "0", ws.path("green444.mp4")])
        let out = try ws.render("""
        { "version": 1, "output": { "width": 48, "height": 48, "frameRate": 10, "video": { "crf": 0 } },
          "timeline": { "videos": [
            { "src": "red.png", "duration": 1 }, { "src": "blue.jpg", "duration": 1 },
            { "src": "green444.mp4" }, { "color": "#FFFFFF", "duration": 0.5 } ] } }
        """)
        let frames = try Tools.yuvFrames(out, width: 48, height: 48)
        XCTAssertEqual(frames.count, 35)
        // Centre pixel Y, U, V against BT.601 limited-range values (SD output).
        func yuv(_ f: [UInt8]) -> [Int] { [Int(f[24 * 48 + 24]), Int(f[48 * 48 + 12 * 24 + 12]), Int(f[48 * 48 + 576 + 12 * 24 + 12])] }
        func near(_ a: [Int], _ b: [Int], _ what: String) {
            XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= 4 }, "\(what): got \(a), expected \(b)")
        }
        near(yuv(frames[5]), [81, 90, 240], "red PNG (RGB)")
        near(yuv(frames[15]), [41, 240, 110], "blue JPEG (full-range YUV)")
        near(yuv(frames[25]), [81, 91, 81], "lavfi green #008000 (4:4:4)")
        near(yuv(frames[33]), [235, 128, 128], "white colour card")
    }

    func testDefaultSizeIsTheLargestInputAndPresetsFitTheirBox() throws {
        let ws = try Workspace()
        try ws.lumaRamp("small.mp4", size: "32x32", seconds: 1)
        try ws.lumaRamp("wide.mp4", size: "96x54", seconds: 1)
        let plan = try ws.plan(#"{ "version": 1, "timeline": { "videos": [ { "src": "small.mp4" }, { "src": "wide.mp4" } ] } }"#)
        XCTAssertEqual([plan.width, plan.height], [96, 54])
        try ws.lumaRamp("hd.mp4", size: "1280x720", seconds: 0.2)
        let preset = try ws.plan(#"{ "version": 1, "output": { "preset": "640x480" }, "timeline": { "videos": [ { "src": "hd.mp4" } ] } }"#)
        XCTAssertEqual([preset.width, preset.height], [640, 360])
    }
}
