@testable import ReelEngine
import ReelSpec
import XCTest

/// Inputs found in review that used to crash or misbehave.
final class ReviewRegressionTests: XCTestCase {
    func problems(_ ws: Workspace, _ json: String) -> [SpecProblem] {
        do { _ = try ws.plan(json); return [] } catch RenderError.invalid(let p) { return p } catch { XCTFail("\(error)"); return [] }
    }

    func testLimiterSurvivesPeaksThatComeBackAfterQuietGaps() throws {
        let ws = try Workspace()
        // Loud 20 ms bursts every 100 ms: limiter entries expire between them.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='if(lt(mod(t,0.1),0.02),0.8*sin(2*PI*200*t),0)':s=48000:d=2",
                          "-c:a", "pcm_f32le", ws.path("bursts.wav")])
        let m = try Mixdown.render(try ws.plan(##"""
        { "version": 1, "output": { "format": "m4a" }, "timeline": { "voiceOvers": [ { "src": "bursts.wav", "start": 0, "volume": 2 } ] } }
        """##))
        XCTAssertLessThanOrEqual(m[0].map { abs($0) }.max()!, 0.892)
    }

    func testTimelineLongerThanADayAndRunawayLoopsAreRefused() throws {
        let ws = try Workspace()
        XCTAssertEqual(problems(ws, ##"{ "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1e18 } ] } }"##).map(\.pointer),
                       ["/timeline"])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=d=1", ws.path("bed.wav")])
        let loop = problems(ws, ##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 10 } ],
          "music": [ { "src": "bed.wav", "loop": true, "sourceRange": { "start": 0, "duration": 0.000001 } } ] } }
        """##)
        XCTAssertEqual(loop.map(\.pointer), ["/timeline/music/0/sourceRange"])
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
