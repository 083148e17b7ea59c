@testable import ReelEngine
import ReelSpec
import XCTest

/// Transitions, checked on decoded pixels of a lossless render (BT.601 SD output).
final class TransitionTests: XCTestCase {
    // Limited-range BT.601 Y, U, V of the colour cards used below.
    let red = [81, 90, 240], blue = [41, 240, 110], green = [145, 54, 34]

    func render(_ ws: Workspace, _ transition: String, first: String = ##"{ "color": "#FF0000", "duration": 2 }"##,
                second: String = ##"{ "color": "#0000FF", "duration": 2 }"##) throws -> [[UInt8]] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "video": { "crf": 0 } },
          "timeline": { "videos": [ \##(first), \##(second) ], "transitions": [ \##(transition) ] } }
        """##)
        return try Tools.yuvFrames(out, width: 64, height: 48)
    }

    /// Y, U, V at pixel (x, y) of a 64×48 4:2:0 frame.
    func yuv(_ f: [UInt8], _ x: Int, _ y: Int) -> [Int] {
        [Int(f[y * 64 + x]), Int(f[64 * 48 + (y / 2) * 32 + x / 2]), Int(f[64 * 48 + 32 * 24 + (y / 2) * 32 + x / 2])]
    }

    func assertNear(_ a: [Int], _ b: [Int], _ tol: Int = 2, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= tol }, "\(what): got \(a), expected \(b)", file: file, line: line)
    }

    func testDissolveMiddleIsTheAverageAndLengthDropsByTheOverlap() throws {
        let ws = try Workspace()
        let frames = try render(ws, #"{ "type": "dissolve", "duration": 1 }"#)
        XCTAssertEqual(frames.count, 30, "2 + 2 − 1 s at 10 fps")
        assertNear(yuv(frames[9], 10, 10), red, 0, "before the overlap")
        let mid = zip(red, blue).map { ($0 + $1) / 2 }
        for (x, y) in [(0, 0), (31, 20), (63, 47)] { assertNear(yuv(frames[15], x, y), mid, 2, "middle at (\(x),\(y))") }
        assertNear(yuv(frames[20], 10, 10), blue, 0, "after the overlap")
    }

    func testFadePassesThroughTheColour() throws {
        let ws = try Workspace()
        let frames = try render(ws, ##"{ "type": "fade", "duration": 1, "color": "#00FF00" }"##)
        // Lime #00FF00 in BT.601: Y 145, U 54, V 34.
        assertNear(yuv(frames[15], 20, 20), green, 2, "the middle is the colour")
        assertNear(yuv(frames[10], 20, 20), red, 0, "starts from the first")
        assertNear(yuv(frames[20], 20, 20), blue, 0, "ends on the second")
    }

    /// A 2 s clip whose left half is white and right half black (lossless).
    func makeSplit(_ ws: Workspace) throws {
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=64x48:r=10:d=2,drawbox=x=32:y=0:w=32:h=48:c=black:t=fill",
                          "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", ws.path("split.mp4")])
    }

    func testPushLeftMovesBothPictures() throws {
        let ws = try Workspace()
        let frames = try render(ws, #"{ "type": "push", "direction": "left", "duration": 1 }"#)
        assertNear(yuv(frames[15], 10, 24), red, 1, "left half shows the first")
        assertNear(yuv(frames[15], 54, 24), blue, 1, "right half shows the second, entering from the right")
        // The seam is in the middle: column 31 red, 32 blue.
        assertNear(yuv(frames[15], 30, 24), red, 1, "seam left")
        assertNear(yuv(frames[15], 33, 24), blue, 1, "seam right")
    }

    func testPushCarriesTheFirstPicturesContentAlong() throws {
        let ws = try Workspace()
        // First clip: left half white, right half black; pushed left by half the frame at the middle,
        // its right (black) half is now on the left.
        try makeSplit(ws)
        let frames = try render(ws, #"{ "type": "push", "direction": "left", "duration": 1 }"#, first: #"{ "src": "split.mp4" }"#)
        XCTAssertLessThan(yuv(frames[15], 10, 24)[0], 30, "the black right half moved to the left")
        assertNear(yuv(frames[15], 54, 24), blue, 1, "the second on the right")
    }

    func testSlideLeftMovesOnlyTheSecond() throws {
        let ws = try Workspace()
        try makeSplit(ws)
        let frames = try render(ws, #"{ "type": "slide", "direction": "left", "duration": 1 }"#, first: #"{ "src": "split.mp4" }"#)
        XCTAssertGreaterThan(yuv(frames[15], 10, 24)[0], 220, "the first stays still: white on the left")
        assertNear(yuv(frames[15], 54, 24), blue, 1, "the second covers the right half")
    }

    func testWipeDownSplitsAtTheRightRow() throws {
        let ws = try Workspace()
        let frames = try render(ws, #"{ "type": "wipe", "direction": "down", "duration": 1 }"#)
        // At progress 0.5 the edge is at row 24: the second above it, the first below.
        XCTAssertEqual(Int(frames[15][23 * 64 + 10]), blue[0], accuracy: 1)
        XCTAssertEqual(Int(frames[15][24 * 64 + 10]), red[0], accuracy: 1)
        // A quarter through (frame 12.5 does not exist; frame 12 is 0.2): the edge at row 9.6.
        XCTAssertEqual(Int(frames[12][8 * 64 + 10]), blue[0], accuracy: 1)
        XCTAssertEqual(Int(frames[12][10 * 64 + 10]), red[0], accuracy: 1)
        let edge = Int(frames[12][9 * 64 + 10])
        XCTAssertTrue(edge > blue[0] + 5 && edge < red[0] - 5, "the edge row is blended (anti-aliased): \(edge)")
    }

    func testTransitionLongerThanANeighbourIsRefused() throws {
        let ws = try Workspace()
        try ws.lumaRamp("short.mp4", seconds: 1)
        do {
            _ = try ws.plan(##"""
            { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 3 }, { "src": "short.mp4" } ],
              "transitions": [ { "type": "dissolve", "duration": 1.5 } ] } }
            """##)
            XCTFail("expected a problem")
        } catch RenderError.invalid(let problems) {
            XCTAssertEqual(problems.map(\.pointer), ["/timeline/transitions/0/duration"])
            XCTAssertTrue(problems[0].message.contains("/timeline/videos/1"), problems[0].message)
        }
    }

    func testAudioCrossfadesWithEqualPower() throws {
        let ws = try Workspace()
        for name in ["a", "b"] {
            try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=32x32:r=10:d=2", "-f", "lavfi", "-i", "aevalsrc=0.5:s=48000:d=2",
                              "-c:v", "libx264", "-c:a", "pcm_f32le", ws.path("\(name).mov")])
        }
        let m = try Mixdown.render(try ws.plan(##"""
        { "version": 1, "timeline": { "videos": [ { "src": "a.mov" }, { "src": "b.mov" } ], "transitions": [ { "type": "dissolve", "duration": 1 } ] } }
        """##))[0]
        XCTAssertEqual(m.count, 3 * 48000)
        XCTAssertEqual(Double(m[24_000]), 0.5, accuracy: 1e-4, "before the overlap")
        let mid = 0.5 * (cos(Double.pi / 4) + sin(Double.pi / 4))
        XCTAssertEqual(Double(m[72_000]), mid, accuracy: 0.002, "equal power at the middle: both at cos(π/4)")
        let quarter = 0.5 * (cos(Double.pi / 8) + sin(Double.pi / 8))
        XCTAssertEqual(Double(m[60_000]), quarter, accuracy: 0.002)
        XCTAssertEqual(Double(m[120_000]), 0.5, accuracy: 1e-4, "after the overlap")
    }
}
