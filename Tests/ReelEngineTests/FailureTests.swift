import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Bad sources, refused paths, plans past the limits (a timeline over a day, runaway loops),
/// cancellation: clear errors with the item named, and no output left.
final class FailureTests: XCTestCase {
    func problems(_ ws: Workspace, _ json: String) -> [SpecProblem] {
        do {
            _ = try ws.plan(json)
            return []
        } catch RenderError.invalid(let p) {
            return p
        } catch {
            XCTFail("unexpected \(error)")
            return []
        }
    }

    func testEveryUnreadableSourceIsReportedAtOnce() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", seconds: 1)
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: ws.path("junk.mp4")))
        try FileManager.default.createSymbolicLink(atPath: ws.path("escape.mp4"), withDestinationPath: "/etc/hostname")
        try "ffconcat version 1.0\nfile ramp.mp4\n".write(toFile: ws.path("list.ffconcat"), atomically: true, encoding: .utf8)
        let found = problems(ws, """
        { "version": 1, "timeline": { "videos": [
          { "src": "missing.mp4" }, { "src": "junk.mp4" }, { "src": "../ramp.mp4" }, { "src": "/etc/hostname" },
          { "src": "escape.mp4" }, { "src": "list.ffconcat" }, { "src": "ramp.mp4", "sourceRange": { "start": 0.5, "duration": 1 } },
          { "src": "ramp.mp4", "duration": 2 }, { "src": "ftp://example.com/a.mp4" } ] } }
        """)
        let byPointer = Dictionary(found.map { ($0.pointer, $0.message) }, uniquingKeysWith: { $0 + "; " + $1 })
        XCTAssertEqual(Set(byPointer.keys), Set(["/timeline/videos/0/src", "/timeline/videos/1/src", "/timeline/videos/2/src",
                                                  "/timeline/videos/3/src", "/timeline/videos/4/src", "/timeline/videos/5/src",
                                                  "/timeline/videos/6/sourceRange", "/timeline/videos/7/duration",
                                                  "/timeline/videos/8/src"]))
        XCTAssertTrue(byPointer["/timeline/videos/0/src"]!.contains("does not exist"))
        XCTAssertTrue(byPointer["/timeline/videos/1/src"]!.contains("cannot be read as media"))
        XCTAssertTrue(byPointer["/timeline/videos/2/src"]!.contains(".."))
        XCTAssertTrue(byPointer["/timeline/videos/3/src"]!.contains("absolute"))
        XCTAssertTrue(byPointer["/timeline/videos/4/src"]!.contains("leads out of the media root"))
        XCTAssertTrue(byPointer["/timeline/videos/5/src"]!.contains("playlist"))
        XCTAssertTrue(byPointer["/timeline/videos/6/sourceRange"]!.contains("after the end"))
        XCTAssertTrue(byPointer["/timeline/videos/8/src"]!.contains("scheme"))
    }

    func testRangeAndChaptersMustFitTheTimeline() throws {
        let ws = try Workspace()
        let found = problems(ws, """
        { "version": 1, "output": { "range": { "start": 1, "duration": 5 }, "chapters": [ { "start": 9, "title": "x" } ] },
          "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ] } }
        """)
        XCTAssertEqual(found.map(\.pointer), ["/output/range/duration"])
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

    func testCancelStopsTheRenderAndLeavesNoFile() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", seconds: 3)
        let cancel = CancellationToken()
        var calls = 0
        XCTAssertThrowsError(try ws.render(#"{ "version": 1, "timeline": { "videos": [ { "src": "ramp.mp4" } ] } }"#,
                                           cancel: cancel, progress: { _ in calls += 1; if calls == 5 { cancel.cancel() } })) { error in
            guard case RenderError.cancelled = error else { return XCTFail("expected cancelled, got \(error)") }
        }
        XCTAssertEqual(calls, 5, "stopped at the next frame")
        let left = try FileManager.default.contentsOfDirectory(atPath: ws.root).filter { $0.contains("out.mp4") }
        XCTAssertEqual(left, [], "neither the output nor its temporary file remains")
    }

    func testProgressRisesToOne() throws {
        let ws = try Workspace()
        var seen: [Double] = []
        _ = try ws.render(##"{ "version": 1, "output": { "frameRate": 10 }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }"##,
                          progress: { seen.append($0) })
        XCTAssertEqual(seen.first ?? 0, 0.1, accuracy: 1e-9)
        XCTAssertEqual(seen.last, 1)
        XCTAssertEqual(seen, seen.sorted())
    }

    /// The audio mix runs on its own thread; a source that fails there fails the render with the
    /// item named, and leaves nothing behind, rather than hanging the encoding thread.
    func testAnAudioSourceThatFailsDuringTheRenderFailsItCleanly() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", seconds: 2)
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1", ws.path("vo.wav")])
        let plan = try ws.plan(#"{ "version": 1, "timeline": { "videos": [ { "src": "ramp.mp4" } ], "voiceOvers": [ { "src": "vo.wav", "start": 1 } ] } }"#)
        // Spoiled after planning: the voice-over's reader opens only when it begins, 1 s in.
        try ws.assertRenderFailsWhenSourceSpoiled(plan, "vo.wav", pointer: "/timeline/voiceOvers/0")
    }

    func testTruncatedSourceStillEndsCleanly() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=30:d=2", "-c:v", "libx264", "-f", "mpegts", ws.path("full.ts")])
        let data = try Data(contentsOf: URL(fileURLWithPath: ws.path("full.ts")))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: ws.path("half.ts")))
        // The planner sees the half file's shorter duration; asking for the full 2 s is refused up front.
        let found = problems(ws, #"{ "version": 1, "timeline": { "videos": [ { "src": "half.ts", "sourceRange": { "start": 0, "duration": 2 } } ] } }"#)
        XCTAssertEqual(found.map(\.pointer), ["/timeline/videos/0/sourceRange"])
        // The whole (damaged) file renders to its end.
        let out = try ws.render(#"{ "version": 1, "timeline": { "videos": [ { "src": "half.ts" } ] } }"#)
        XCTAssertGreaterThan(try XCTUnwrap(Tools.stream(try Tools.probe(out), "video")?.int("nb_read_frames")), 10)
    }
}
