@testable import ReelEngine
import ReelSpec
import XCTest

/// Frame-exact trims, frame counts, ranges and frame-rate mixing, checked by decoding the output.
final class TrimAndTimingTests: XCTestCase {
    func testTrimStartsOnTheExactSourceFrame() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4")
        let out = try ws.render("""
        { "version": 1, "output": { "frameRate": 30, "video": { "crf": 0 } },
          "timeline": { "videos": [ { "src": "ramp.mp4", "sourceRange": { "start": "61/30", "duration": 0.5 } } ] } }
        """)
        let frames = try Tools.lumaFrames(out, width: 32, height: 32)
        XCTAssertEqual(frames.count, 15)
        XCTAssertEqual(frames.map { $0[16 * 32 + 16] }, Array(61..<76).map { UInt8($0) })
    }

    func testDecimalTrimIsExact() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4")
        // 0.1 s is exactly frame 3 at 30 fps; a binary 0.1 would be a hair short of it.
        let out = try ws.render("""
        { "version": 1, "output": { "video": { "crf": 0 } },
          "timeline": { "videos": [ { "src": "ramp.mp4", "sourceRange": { "start": 0.1, "duration": 0.1 } } ] } }
        """)
        XCTAssertEqual(try Tools.lumaFrames(out, width: 32, height: 32).map { $0[0] }, [3, 4, 5])
    }

    func testFrameCountIsDurationTimesRateAndTracksAgree() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", audio: true)
        let out = try ws.render("""
        { "version": 1, "output": { "frameRate": 30 },
          "timeline": { "videos": [
            { "src": "ramp.mp4", "sourceRange": { "start": 0.5, "duration": 1.5 } },
            { "color": "#336699", "duration": 0.5 },
            { "src": "ramp.mp4", "sourceRange": { "start": 0, "duration": "1/3" } } ] } }
        """)
        let probe = try Tools.probe(out)
        let v = try XCTUnwrap(Tools.stream(probe, "video")), a = try XCTUnwrap(Tools.stream(probe, "audio"))
        XCTAssertEqual(v.int("nb_read_frames"), 70)  // (1.5 + 0.5 + 1/3) s × 30
        let vd = try XCTUnwrap(v.double("duration")), ad = try XCTUnwrap(a.double("duration"))
        XCTAssertEqual(vd, 70.0 / 30, accuracy: 0.001)
        XCTAssertEqual(ad, 70.0 / 30, accuracy: 1.0 / 30)
        XCTAssertEqual(a.int("sample_rate"), 48000)
        XCTAssertEqual(a.int("channels"), 2)
    }

    func testRangeRendersPartOfTheTimeline() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4")
        let out = try ws.render("""
        { "version": 1, "output": { "video": { "crf": 0 }, "range": { "start": 1, "duration": 0.5 } },
          "timeline": { "videos": [ { "src": "ramp.mp4" } ] } }
        """)
        XCTAssertEqual(try Tools.lumaFrames(out, width: 32, height: 32).map { $0[0] }, Array(30..<45).map { UInt8($0) })
    }

    func testMixedFrameRatesSampleTheFrameOnScreen() throws {
        let ws = try Workspace()
        try ws.lumaRamp("r25.mp4", rate: "25", seconds: 1)
        try ws.lumaRamp("r30.mp4", rate: "30", seconds: 1)
        try ws.lumaRamp("r60.mp4", rate: "60", seconds: 1)
        let plan = try ws.plan("""
        { "version": 1, "timeline": { "videos": [ { "src": "r25.mp4" }, { "src": "r30.mp4" }, { "src": "r60.mp4" } ] } }
        """)
        XCTAssertEqual(plan.frameRate, Rational(60), "the highest input rate is the default")
        let out = try ws.render("""
        { "version": 1, "output": { "video": { "crf": 0 } },
          "timeline": { "videos": [ { "src": "r25.mp4" }, { "src": "r30.mp4" }, { "src": "r60.mp4" } ] } }
        """)
        let luma = try Tools.lumaFrames(out, width: 32, height: 32).map { Int($0[0]) }
        XCTAssertEqual(luma.count, 180)
        XCTAssertEqual(Array(luma[0..<60]), (0..<60).map { $0 * 25 / 60 })
        XCTAssertEqual(Array(luma[60..<120]), (0..<60).map { $0 / 2 })
        XCTAssertEqual(Array(luma[120..<180]), Array(0..<60))
    }

    func testNTSCRateStaysExact() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ntsc.mp4", rate: "30000/1001", seconds: 1)
        let plan = try ws.plan(#"{ "version": 1, "timeline": { "videos": [ { "src": "ntsc.mp4" } ] } }"#)
        XCTAssertEqual(plan.frameRate, Rational(30000, 1001))
        try Renderer(plan: plan).render(to: ws.path("out.mp4"))
        let v = try XCTUnwrap(Tools.stream(try Tools.probe(ws.path("out.mp4")), "video"))
        XCTAssertEqual(v["r_frame_rate"] as? String, "30000/1001")
        XCTAssertEqual(v.int("nb_read_frames"), 30)
    }

    func testVariableFrameRateSourceHoldsEachFrameUntilTheNext() throws {
        let ws = try Workspace()
        // Frames 0..29 keep only the even ones (15 fps), then 30 fps: a variable-rate file.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "nullsrc=s=32x32:r=30:d=2,format=yuv420p,geq=lum='mod(N,256)':cb=128:cr=128,select='gte(n,30)+not(mod(n,2))'",
                          "-fps_mode", "vfr", "-c:v", "libx264", "-qp", "0", ws.path("vfr.mp4")])
        let out = try ws.render("""
        { "version": 1, "output": { "frameRate": 30, "video": { "crf": 0 } },
          "timeline": { "videos": [ { "src": "vfr.mp4", "sourceRange": { "start": 0, "duration": 2 } } ] } }
        """)
        let luma = try Tools.lumaFrames(out, width: 32, height: 32).map { Int($0[0]) }
        XCTAssertEqual(luma.count, 60)
        XCTAssertEqual(Array(luma[0..<30]), (0..<30).map { $0 & ~1 })
        XCTAssertEqual(Array(luma[30..<60]), Array(30..<60))
    }
}
