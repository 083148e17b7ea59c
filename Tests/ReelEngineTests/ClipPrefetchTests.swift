import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// The next clip is opened and decoded to its first frame ahead of time: the frames are the same,
/// its errors name its item, and a clip the output never reaches cannot fail the render.
final class ClipPrefetchTests: XCTestCase {
    func testPrefetchedClipsShowTheirExactFrames() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", seconds: 3)
        let out = try ws.render("""
        { "version": 1, "output": { "frameRate": 30, "video": { "crf": 0 } },
          "timeline": { "videos": [
            { "src": "ramp.mp4", "sourceRange": { "start": "10/30", "duration": "2/30" } },
            { "src": "ramp.mp4", "sourceRange": { "start": "70/30", "duration": "3/30" } },
            { "color": "#808080", "duration": "1/30" },
            { "src": "ramp.mp4", "sourceRange": { "start": "40/30", "duration": "2/30" } },
            { "src": "ramp.mp4", "sourceRange": { "start": "5/30", "duration": "2/30" } } ] } }
        """)
        let luma = try Tools.lumaFrames(out, width: 32, height: 32).map { Int($0[16 * 32 + 16]) }
        XCTAssertEqual(luma.count, 10)
        XCTAssertEqual(Array(luma[0..<5]), [10, 11, 70, 71, 72])
        XCTAssertEqual(Array(luma[6...]), [40, 41, 5, 6])
    }

    /// Every clip after the first opens from a prefetch, also across a transition, with an output
    /// range that starts mid-timeline and a frame rate that does not divide the segment boundaries;
    /// the pictures are those of opening each clip when it is needed.
    func testEveryLaterClipOpensFromAPrefetchAndShowsTheSamePictures() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", seconds: 3)
        var plan = try ws.plan("""
        { "version": 1, "output": { "frameRate": "24000/1001", "range": { "start": "11/30", "duration": 1.3 } },
          "timeline": { "videos": [
            { "src": "ramp.mp4", "sourceRange": { "start": 0, "duration": 0.5 } },
            { "src": "ramp.mp4", "sourceRange": { "start": "50/30", "duration": "13/30" } },
            { "src": "ramp.mp4", "sourceRange": { "start": "20/30", "duration": 0.5 } },
            { "src": "ramp.mp4", "sourceRange": { "start": "70/30", "duration": 0.5 } } ],
            "transitions": [ null, { "type": "dissolve", "duration": 0.2 }, null ] } }
        """)
        plan.codecThreading = CodecThreading(videoDecoder: 1, videoEncoder: 0)
        var pictures = VideoTrack(plan: plan)
        defer { pictures.close() }
        var luma: [Int] = []
        for i in 0..<plan.frameCount {
            luma.append(TestPicture.at(try pictures.picture(at: plan.outputRange.start + plan.frameTime(i)), 0, 16, 16))
        }
        XCTAssertEqual(pictures.prefetchesUsed, 3)
        // The reference: each clip opened only when needed, one decoder per segment, read directly.
        var expected: [Int] = []
        var dissolved = 0
        for i in 0..<plan.frameCount {
            let t = plan.outputRange.start + plan.frameTime(i)
            let live = plan.video.indices.filter { plan.video[$0].range.contains(t) }
            let shown = live.map { k -> Int in
                guard case let .clip(_, start, _) = plan.video[k].source else { return -1 }
                let sourceTime = start + (t - plan.video[k].range.start)
                // Frame n starts at n/30: the last frame at or before the source time (+1 ms).
                return Int((sourceTime + Time(value: 1, timescale: 1000)).ticks(in: 30, rounding: .down))
            }
            if shown.count == 1 {
                expected.append(shown[0])
            } else {
                // Inside the dissolve the picture lies between the two clips' frames.
                dissolved += 1
                XCTAssertGreaterThanOrEqual(luma[Int(i)], shown.min()! - 1, "frame \(i) between \(shown)")
                XCTAssertLessThanOrEqual(luma[Int(i)], shown.max()! + 1, "frame \(i) between \(shown)")
                expected.append(-1)
            }
        }
        for (i, e) in expected.enumerated() where e >= 0 { XCTAssertEqual(luma[i], e, "frame \(i)") }
        XCTAssertGreaterThan(dissolved, 0, "the range crosses the dissolve")
    }

    func testAPrefetchedClipThatFailsNamesItsItem() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", seconds: 2)
        try ws.lumaRamp("b.mp4", seconds: 2)
        let plan = try ws.plan(#"{ "version": 1, "timeline": { "videos": [ { "src": "a.mp4" }, { "src": "b.mp4" } ] } }"#)
        // Spoiled after planning: the second clip is opened ahead, while the first one plays.
        try ws.assertRenderFailsWhenSourceSpoiled(plan, "b.mp4", pointer: "/timeline/videos/1")
    }

    func testAClipTheOutputNeverReachesCannotFailTheRender() throws {
        let ws = try Workspace()
        try ws.lumaRamp("a.mp4", seconds: 2)
        try ws.lumaRamp("b.mp4", seconds: 2)
        let plan = try ws.plan(#"{ "version": 1, "output": { "range": { "start": 0, "duration": 1.5 } }, "timeline": { "videos": [ { "src": "a.mp4" }, { "src": "b.mp4" } ] } }"#)
        try FileManager.default.removeItem(atPath: ws.path("b.mp4"))
        try Renderer(plan: plan).render(to: ws.path("out.mp4"))
        XCTAssertEqual(Tools.stream(try Tools.probe(ws.path("out.mp4")), "video")?.int("nb_read_frames"), 45)
    }
}
