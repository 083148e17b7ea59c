@testable import ReelEngine
import ReelSpec
import XCTest

/// Keyframes, overlays, filters and motion through the whole render, on decoded pixels of a
/// lossless output (SD, so BT.601).
final class CompositionTests: XCTestCase {
    func frames(_ ws: Workspace, _ timeline: String, width: Int = 64, height: Int = 48, fps: Int = 10) throws -> [[UInt8]] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": \##(width), "height": \##(height), "frameRate": \##(fps), "background": "#000000", "video": { "crf": 0 } },
          "timeline": \##(timeline) }
        """##)
        return try Tools.yuvFrames(out, width: width, height: height)
    }

    func luma(_ f: [UInt8], _ x: Int, _ y: Int, width: Int = 64) -> Int { Int(f[y * width + x]) }

    func testOpacityRampReachesHalfAtHalfway() throws {
        let ws = try Workspace()
        let f = try frames(ws, ##"""
        { "videos": [ { "color": "#FFFFFF", "duration": 2,
          "keyframes": [ { "time": 0, "opacity": 0 }, { "time": 1, "opacity": 1 } ] } ] }
        """##)
        XCTAssertEqual(luma(f[0], 32, 24), 16, accuracy: 1, "transparent at 0 s: the black background")
        XCTAssertEqual(luma(f[5], 32, 24), (16 + 235) / 2, accuracy: 2, "half at 0.5 s")
        XCTAssertEqual(luma(f[15], 32, 24), 235, accuracy: 1, "opaque after 1 s")
    }

    func testKeyframedPositionAndScaleMoveTheLayer() throws {
        let ws = try Workspace()
        let f = try frames(ws, ##"""
        { "videos": [ { "color": "#FFFFFF", "duration": 1, "fit": "stretch",
          "keyframes": [ { "time": 0, "scale": 0.25, "x": 0.25, "y": 0.5 } ] } ] }
        """##)
        // A 16×12 white block centred at (16, 24).
        XCTAssertEqual(luma(f[0], 16, 24), 235, accuracy: 2)
        XCTAssertEqual(luma(f[0], 48, 24), 16, accuracy: 2, "nothing where the layer is not")
        XCTAssertEqual(luma(f[0], 4, 24), 16, accuracy: 2)
    }

    func testPictureInPictureLandsInItsFrame() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=32x32:r=10:d=2", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", ws.path("pip.mp4")])
        let f = try frames(ws, ##"""
        { "videos": [ { "color": "#000000", "duration": 2 } ],
          "overlays": [ { "type": "video", "src": "pip.mp4", "start": 0.5, "frame": { "x": 0.75, "y": 0.5, "width": 0.25, "height": 0.5 } } ] }
        """##)
        // The frame rectangle: centre (48, 24), 16×24 → x 40…56, y 12…36.
        XCTAssertEqual(luma(f[2], 48, 24), 16, accuracy: 2, "not yet at 0.2 s")
        XCTAssertEqual(luma(f[8], 48, 24), 235, accuracy: 2, "inside at 0.8 s")
        XCTAssertEqual(luma(f[8], 42, 14), 235, accuracy: 3, "inside near its corner")
        XCTAssertEqual(luma(f[8], 36, 24), 16, accuracy: 2, "left of it")
        XCTAssertEqual(luma(f[8], 48, 40), 16, accuracy: 2, "below it")
    }

    func testPNGAlphaIsHonouredAndOpacityMultiplies() throws {
        let ws = try Workspace()
        // A white PNG, fully opaque on its left half and transparent on its right half.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white@1.0:s=32x32,format=rgba,geq=r=255:g=255:b=255:a='if(lt(X,16),255,0)'",
                          "-frames:v", "1", ws.path("logo.png")])
        let f = try frames(ws, ##"""
        { "videos": [ { "color": "#000000", "duration": 1 } ],
          "overlays": [ { "type": "image", "src": "logo.png", "start": 0, "position": { "x": 0.5, "y": 0.5 }, "opacity": 0.5 } ] }
        """##)
        XCTAssertEqual(luma(f[3], 24, 24), (16 + 235) / 2, accuracy: 3, "opaque half at 50 %")
        XCTAssertEqual(luma(f[3], 40, 24), 16, accuracy: 2, "transparent half shows the base")
    }

    func testGrayscaleHasNeutralChromaAndBrightnessLifts() throws {
        let ws = try Workspace()
        let f = try frames(ws, ##"""
        { "videos": [ { "color": "#FF0000", "duration": 0.5, "filters": [ "grayscale" ] },
                      { "color": "#808080", "duration": 0.5, "filters": [ { "type": "brightness", "amount": 0.1 } ] } ] }
        """##)
        let chroma = f[2][(64 * 48)...]
        XCTAssertTrue(chroma.allSatisfy { abs(Int($0) - 128) <= 1 }, "grey everywhere")
        XCTAssertEqual(luma(f[2], 32, 24), 81, accuracy: 2, "luma of red kept")
        XCTAssertEqual(luma(f[7], 32, 24), 126 + 22, accuracy: 3, "brightness +0.1 adds about 22")
    }

    func testStillMotionZoomsIn() throws {
        let ws = try Workspace()
        // A black picture with a white square in the middle: zooming in grows the square.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x48,drawbox=x=24:y=16:w=16:h=16:c=white:t=fill",
                          "-frames:v", "1", ws.path("still.png")])
        let f = try frames(ws, ##"{ "videos": [ { "src": "still.png", "duration": 2, "motion": "zoomIn" } ] }"##)
        func whiteWidth(_ frame: [UInt8]) -> Int { (0..<64).filter { luma(frame, $0, 24) > 128 }.count }
        XCTAssertEqual(whiteWidth(f[0]), 16, accuracy: 1)
        XCTAssertGreaterThan(whiteWidth(f[19]), 17, "bigger by the end")
    }

    func testSmallOverlayIsConvertedIntoAnHDOutputsMatrix() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1", ws.path("red.png")])
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 1280, "height": 720, "frameRate": 5, "video": { "crf": 0 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 0.4 } ],
                        "overlays": [ { "type": "image", "src": "red.png", "start": 0, "position": { "x": 0.5, "y": 0.5 } } ] } }
        """##)
        let f = try Tools.yuvFrames(out, width: 1280, height: 720)[1]
        let y = Int(f[360 * 1280 + 640]), u = Int(f[1280 * 720 + 180 * 640 + 320]), v = Int(f[1280 * 720 + 640 * 360 + 180 * 640 + 320])
        // Red in limited-range BT.709 is (63, 102, 240); in BT.601 it would be (81, 90, 240).
        XCTAssertTrue(zip([y, u, v], [63, 102, 240]).allSatisfy { abs($0 - $1) <= 2 }, "got \([y, u, v])")
    }

    func testTransparentStillShowsTheBackgroundThrough() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white@1.0:s=64x48,format=rgba,geq=r=255:g=255:b=255:a='if(lt(X,32),255,0)'",
                          "-frames:v", "1", ws.path("half.png")])
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "background": "#0000FF", "video": { "crf": 0 } },
          "timeline": { "videos": [ { "src": "half.png", "duration": 0.3 } ] } }
        """##)
        let f = try Tools.yuvFrames(out, width: 64, height: 48)[0]
        XCTAssertEqual(Int(f[24 * 64 + 10]), 235, accuracy: 2, "the opaque half is white")
        XCTAssertEqual(Int(f[24 * 64 + 50]), 41, accuracy: 2, "the transparent half shows the blue background")
    }

    func testVideoOverlayHoldsItsLastFrameAfterItsSourceRange() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", size: "32x32", rate: "10", seconds: 2)
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 32, "height": 32, "frameRate": 10, "video": { "crf": 0 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ],
                        "overlays": [ { "type": "video", "src": "ramp.mp4", "start": 0, "frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 },
                                        "sourceRange": { "start": 0, "duration": 0.5 } } ] } }
        """##)
        let luma = try Tools.lumaFrames(out, width: 32, height: 32).map { Int($0[16 * 32 + 16]) }
        XCTAssertEqual(Array(luma[0..<5]), [0, 1, 2, 3, 4])
        XCTAssertEqual(Array(luma[5..<10]), [4, 4, 4, 4, 4], "frozen on the range's last frame")
    }
}
