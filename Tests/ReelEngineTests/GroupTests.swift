import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Groups (nested compositions) through the whole render, in a lossless 64×48 output over black:
/// flattened before their opacity, blend, mask and keyframes act; their items timed from the
/// group's start and placed on its canvas; nested; and drawn the same in chunks.
final class GroupTests: XCTestCase {
    func luma(_ ws: Workspace, _ overlays: String, background: String = "#000000", seconds: String = "0.1", name: String = "out.mp4",
              keyframeInterval: String = "") throws -> [[UInt8]] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "background": "#000000", "video": { "crf": 0 \##(keyframeInterval) } },
          "timeline": { "videos": [ { "color": "\##(background)", "duration": \##(seconds) } ], "overlays": [ \##(overlays) ] } }
        """##, to: name)
        return try Tools.yuvFrames(out, width: 64, height: 48)
    }

    /// Two opaque white squares overlapping in x 24…40, at y 16…32.
    let squares = ##"""
    { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": "24px", "y": "24px", "width": "32px", "height": "16px" } },
    { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": "40px", "y": "24px", "width": "32px", "height": "16px" } }
    """##

    func testOpacityActsOnTheFlattenedGroup() throws {
        let ws = try Workspace()
        let grouped = try luma(ws, ##"{ "type": "group", "start": 0, "opacity": 0.5, "items": [ \##(squares) ] }"##, name: "g.mp4")[0]
        let half = 16 + 219 * 0.5
        XCTAssertEqual(Double(grouped[24 * 64 + 32]), half, accuracy: 1.5, "the overlap at 0.5, not 0.75")
        XCTAssertEqual(Double(grouped[24 * 64 + 12]), half, accuracy: 1.5, "one square alone at 0.5")
        XCTAssertEqual(Int(grouped[8 * 64 + 32]), 16, accuracy: 1, "outside: the background")
        // The same squares as separate overlays at opacity 0.5 each: the overlap is 0.75.
        let separate = try luma(ws, squares.replacingOccurrences(of: #""start": 0,"#, with: #""start": 0, "opacity": 0.5,"#), name: "s.mp4")[0]
        XCTAssertEqual(Double(separate[24 * 64 + 32]), 16 + 219 * 0.75, accuracy: 1.5)
    }

    func testItemsLiveOnTheGroupsCanvasAndClock() throws {
        let ws = try Workspace()
        // A 32×24 canvas centred on the frame (x 16…48, y 12…36); a rect of half its size in its
        // middle, from 0.2 s into a group that starts at 0.5 s.
        let f = try luma(ws, ##"""
        { "type": "group", "start": 0.5, "size": { "width": 32, "height": 24 },
          "items": [ { "type": "shape", "start": 0.2, "duration": 0.5, "shape": "rect", "frame": { "x": 0.5, "y": "50%", "width": "50%", "height": "50vh" } } ] }
        """##, seconds: "1.5")
        XCTAssertEqual(f.count, 15)
        func lit(_ frame: [UInt8]) -> [Int] { (0..<64).filter { frame[24 * 64 + $0] > 125 } }
        XCTAssertEqual(f.map { !lit($0).isEmpty }, (0..<15).map { $0 >= 7 && $0 < 12 }, "shown from 0.7 s to 1.2 s: the group lasts as long as its items")
        XCTAssertEqual(lit(f[8]), Array(24..<40), "16 px wide in the middle of the 32 px canvas")
        XCTAssertEqual((0..<48).filter { f[8][$0 * 64 + 32] > 125 }, Array(18..<30), "12 px high (50vh of the 24 px canvas)")
    }

    func testBlendMaskAndKeyframesOnTheGroupAndGroupsInGroups() throws {
        let ws = try Workspace()
        // Multiply: a #808080 group over a #C86432 background is the product, per channel.
        let out = try ws.render(##"""
        { "version": 1, "output": { "format": "png", "width": 64, "height": 48, "background": "#000000" },
          "timeline": { "videos": [ { "color": "#C86432", "duration": 1 } ], "overlays": [
            { "type": "group", "start": 0, "blend": "multiply",
              "items": [ { "type": "group", "start": 0, "items": [ { "type": "shape", "start": 0, "shape": "rect", "fill": "#808080",
                                                                      "frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 } } ] } ] } ] } }
        """##, to: "m.png")
        let rgba = try XCTUnwrap(Tools.rgbaFrames(out, width: 64, height: 48).first)
        let got = (0..<3).map { Double(rgba[(24 * 64 + 32) * 4 + $0]) }
        let want = [200.0, 100, 50].map { $0 * 128 / 255 }
        XCTAssertLessThanOrEqual(zip(got, want).map { abs($0 - $1) }.max()!, 4, "multiply of the flattened group: \(got) vs \(want)")

        // A mask on the group (its left half, on the group's canvas) and keyframes moving it.
        let f = try luma(ws, ##"""
        { "type": "group", "start": 0, "size": { "width": 16, "height": 16 }, "position": ["16px", "24px"],
          "mask": { "shape": { "shape": "rect", "frame": { "x": 0.25, "y": 0.5, "width": 0.5, "height": 1 } } },
          "keyframes": [ { "time": 0, "x": "16px" }, { "time": 0.9, "x": "48px" } ],
          "items": [ { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 } } ] }
        """##, seconds: "1", name: "k.mp4")
        func lit(_ frame: [UInt8]) -> [Int] { (0..<64).filter { frame[24 * 64 + $0] > 125 } }
        XCTAssertEqual(lit(f[0]), Array(8..<16))
        XCTAssertEqual(lit(f[9]), Array(40..<48))
    }

    func testAVideoInAGroupIsHeardAtTheGroupsTimeAndChunksMatch() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=32x24:r=10:d=3", "-f", "lavfi", "-i", "sine=d=3", "-c:v", "libx264", "-qp", "0",
                          "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", ws.path("pip.mp4")])
        let spec = ##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "background": "#000000", "video": { "crf": 0, "keyframeInterval": 0.5 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ], "overlays": [
            { "type": "group", "start": 0.5, "duration": 1, "opacity": 0.8, "size": { "width": 48, "height": 32 },
              "items": [ { "type": "video", "src": "pip.mp4", "start": 0.2, "frame": { "x": 0.5, "y": 0.5, "width": 1 } },
                         { "type": "text", "text": "Hi", "start": 0, "font": { "size": 12 } } ] } ] } }
        """##
        let plan = try ws.plan(spec)
        XCTAssertEqual(plan.audio.count, 1)
        XCTAssertEqual(plan.audio[0].pointer, "/timeline/overlays/0/items/0")
        XCTAssertEqual(plan.audio[0].range, TimeRange(start: Time(value: 7, timescale: 10), duration: Time(value: 8, timescale: 10)), "from 0.5 + 0.2 s to the group's end at 1.5 s")
        try Renderer(plan: plan).render(to: ws.path("whole.mp4"))
        let (chunked, count) = try ws.renderInChunks(plan, seconds: 1, to: "chunked.mp4")
        XCTAssertEqual(count, 2)
        let whole = try Tools.yuvFrames(ws.path("whole.mp4"), width: 64, height: 48)
        XCTAssertEqual(whole.count, 20)
        XCTAssertEqual(try Tools.yuvFrames(chunked, width: 64, height: 48), whole, "the chunks draw the same pixels")
        XCTAssertEqual(Int(whole[4][24 * 64 + 32]), 16, accuracy: 1, "before the group")
        XCTAssertGreaterThan(Set((8..<56).map { whole[10][24 * 64 + $0] }).count, 4, "the video shows inside the group")
    }

    func testEveryMistakeAtItsPointer() throws {
        let ws = try Workspace()
        let problems = { (overlay: String) -> Set<String> in
            let json = ##"{ "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ], "overlays": [ \##(overlay) ] } }"##
            do { _ = try ws.plan(json) } catch let p as SpecProblems { return Set(p.problems.map(\.pointer)) } catch RenderError.invalid(let p) {
                return Set(p.map(\.pointer))
            } catch { return ["unexpected: \(error)"] }
            return []
        }
        let o = "/timeline/overlays/0"
        let rect = ##"{ "type": "shape", "start": 0, "shape": "rect", "frame": { "x": 0.5, "y": 0.5, "width": 0.5 } }"##
        XCTAssertEqual(problems(##"{ "type": "group", "start": 0, "items": [ \##(rect.replacingOccurrences(of: "\"start\": 0,", with: "\"start\": 0, \"blend\": \"screen\",")) ] }"##),
                       [], "a blend mode inside a group is drawn (BlendModeTests)")
        XCTAssertEqual(problems(##"{ "type": "group", "start": 0, "duration": 1, "items": [ \##(rect.replacingOccurrences(of: "\"start\": 0", with: "\"start\": 1")) ] }"##),
                       ["\(o)/items/0/start"])
        XCTAssertEqual(problems(##"{ "type": "group", "start": 0, "items": [] }"##), ["\(o)/items"])
        XCTAssertEqual(problems(##"{ "type": "group", "start": 0, "items": [ \##(rect) ], "size": { "width": 33, "height": 24 }, "chromaKey": {}, "src": "a.png" }"##),
                       ["\(o)/size/width", "\(o)/chromaKey", "\(o)/src"])
        // Groups nest eight deep, not nine.
        func nested(_ depth: Int) -> String {
            depth == 0 ? rect : ##"{ "type": "group", "start": 0, "items": [ \##(nested(depth - 1)) ] }"##
        }
        XCTAssertEqual(problems(nested(7)), [], "a shape inside seven groups: depth 8")
        XCTAssertEqual(problems(nested(8)), [o + String(repeating: "/items/0", count: 7) + "/items"])
    }
}
