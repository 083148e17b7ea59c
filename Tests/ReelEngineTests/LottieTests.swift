import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Lottie overlays through the whole render: hand-built animations whose positions and colours are
/// known at every frame, and rlottie-python's own rendering of the same file and frame
/// (`Fixtures/lottie_oracle.py`, its own rlottie build) as the second oracle.
final class LottieTests: XCTestCase {
    static var oracle: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/lottie_oracle.py").path }

    /// A 100×100 animation at 30 fps, frames 0…29: a 20×20 box of `color` (Lottie's 0–1 RGBA) at
    /// `opacity` %, its centre moving linearly from (20, 50) at frame 0 to (80, 50) at frame 30:
    /// x = 20 + 2·frame. `layer` adds members to the layer (features to refuse).
    static func box(_ ws: Workspace, _ name: String = "box.json", color: String = "[1,0,0,1]", opacity: Int = 100, layer: String = "",
             ddd: Int = 0, blend: Int = 0) throws {
        let json = ##"""
        {"v":"5.5.2","fr":30,"ip":0,"op":30,"w":100,"h":100,"nm":"box","ddd":0,"assets":[],
         "layers":[{"ddd":\##(ddd),"ind":1,"ty":4,"nm":"Box","sr":1 \##(layer),
           "ks":{"o":{"a":0,"k":\##(opacity)},"r":{"a":0,"k":0},
                 "p":{"a":1,"k":[{"t":0,"s":[20,50,0],"e":[80,50,0],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":30,"s":[80,50,0]}]},
                 "a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},
           "ao":0,
           "shapes":[{"ty":"gr","nm":"g","it":[
              {"ty":"rc","d":1,"s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0},"nm":"r"},
              {"ty":"fl","c":{"a":0,"k":\##(color)},"o":{"a":0,"k":100},"r":1,"nm":"f"},
              {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}],
           "ip":0,"op":30,"st":0,"bm":\##(blend)}]}
        """##
        try json.write(toFile: ws.path(name), atomically: true, encoding: .utf8)
    }

    /// RGB frames of a lossless render of `overlay` over black on a 100×100 frame at `fps`.
    func render(_ ws: Workspace, _ overlay: String, fps: Int, seconds: String = "1.5", background: String = "#000000") throws -> [[UInt8]] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "format": "mov", "width": 100, "height": 100, "frameRate": \##(fps), "video": { "codec": "prores", "profile": "4444" },
                                    "background": "#000000" },
          "timeline": { "videos": [ { "color": "\##(background)", "duration": \##(seconds) } ], "overlays": [ \##(overlay) ] } }
        """##, to: "out.mov")
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = [UInt8](r.stdout), size = 100 * 100 * 3
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    /// The columns of row 50 that are mostly red.
    func redColumns(_ frame: [UInt8]) -> [Int] { (0..<100).filter { frame[(50 * 100 + $0) * 3] > 128 && frame[(50 * 100 + $0) * 3 + 1] < 100 } }

    /// rlottie-python's frames of `file` at 100×100.
    func oracleFrames(_ ws: Workspace, _ file: String, _ frames: [Int]) throws -> [Int: [UInt8]] {
        let r = try Tools.run(BlendModeTests.python, [Self.oracle, ws.path(file), "100", "100", ws.path("oracle")] + frames.map(String.init))
        XCTAssertEqual(r.status, 0, r.stderr)
        var out: [Int: [UInt8]] = [:]
        for n in frames { out[n] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ws.path("oracle-\(n).rgb")))) }
        return out
    }

    /// Compared in luma (BT.709 weights on the RGB): the canvas carries chroma at 4:2:0, so the
    /// output's R, G and B are interpolated across an edge where the luma is exact.
    func assertClose(_ got: [UInt8], _ want: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.count, want.count, file: file, line: line)
        func luma(_ rgb: [UInt8]) -> [Double] {
            stride(from: 0, to: rgb.count, by: 3).map { i -> Double in
                let r = 0.2126 * Double(rgb[i]), g = 0.7152 * Double(rgb[i + 1]), b = 0.0722 * Double(rgb[i + 2])
                return r + g + b
            }
        }
        let diffs = zip(luma(got), luma(want)).map { abs($0 - $1) }
        let mean = diffs.reduce(0, +) / Double(max(1, diffs.count))
        // The render passes through Y'CbCr (ProRes 4444, 10 bits) and back: a level or two;
        // rlottie 0.1 and 0.2 may differ by a little along anti-aliased edges.
        XCTAssertLessThan(mean, 1, "\(what): mean difference", file: file, line: line)
        XCTAssertLessThanOrEqual(diffs.filter { $0 > 12 }.count, 20, "\(what): pixels far apart", file: file, line: line)
    }

    /// Output time t shows frame ⌊ip + (t − start)·speed·fr⌋: at 25 fps and speed 1.5, output frame k
    /// of the overlay shows animation frame ⌊k·1.5·30/25⌋ = ⌊1.8·k⌋, and the last one is held after
    /// the animation's length ÷ speed (20 frames here), when the overlay (by default that long) ends.
    func testFramesMapExactlyAtAnySpeedAndRateAndMatchRlottie() throws {
        let ws = try Workspace()
        try Self.box(ws)
        let f = try render(ws, ##"{ "type": "lottie", "src": "box.json", "start": 0.2, "speed": 1.5 }"##, fps: 25)
        XCTAssertEqual(f.count, 38)
        // Starts at output frame 5 (0.2 s); lasts 1 s ÷ 1.5 = 16.67 frames of 1/25 s.
        XCTAssertEqual(redColumns(f[4]), [], "before its start")
        for k in 0..<17 {
            let n = (18 * k) / 10
            let x = 20 + 2 * n
            XCTAssertEqual(redColumns(f[5 + k]), Array((x - 10)..<(x + 10)), "output frame \(5 + k) shows animation frame \(n)")
        }
        XCTAssertEqual(redColumns(f[22]), [], "after its length ÷ speed")
        let want = try oracleFrames(ws, "box.json", [0, 9, 28])
        assertClose(f[5], want[0]!, "frame 0")
        assertClose(f[10], want[9]!, "frame 9")
        assertClose(f[21], want[28]!, "frame 28")
    }

    func testLoopSourceRangeAndHeldLastFrame() throws {
        let ws = try Workspace()
        try Self.box(ws)
        // Frames 15…29 (0.5 s from 0.5 s), looped for 1.5 s at 30 fps.
        let looped = try render(ws, ##"{ "type": "lottie", "src": "box.json", "start": 0, "duration": 1.5, "loop": true, "sourceRange": { "start": 0.5, "duration": 0.5 } }"##,
                                fps: 30)
        for k in 0..<45 {
            let x = 20 + 2 * (15 + k % 15)
            XCTAssertEqual(redColumns(looped[k]), Array((x - 10)..<(x + 10)), "output frame \(k)")
        }
        // Without loop, a duration longer than the animation holds its last frame (29).
        let held = try render(ws, ##"{ "type": "lottie", "src": "box.json", "start": 0, "duration": 1.5 }"##, fps: 30)
        XCTAssertEqual(redColumns(held[29]), Array(68..<88))
        XCTAssertEqual(redColumns(held[44]), Array(68..<88), "held")
    }

    /// The animation's alpha is honoured, and its colours arrive as Lottie's sRGB: a half-opaque
    /// pure green box over a blue background is their even mix; scaled by `frame`, rlottie draws
    /// the vectors at the overlay's size (compared with rlottie-python at that size).
    func testAlphaColourAndSize() throws {
        let ws = try Workspace()
        try Self.box(ws, color: "[0,1,0,1]", opacity: 50)
        let f = try render(ws, ##"{ "type": "lottie", "src": "box.json", "start": 0 }"##, fps: 30, seconds: "1", background: "#0000FF")
        let i = (50 * 100 + 20) * 3
        XCTAssertEqual(Double(f[0][i + 1]), 127.5, accuracy: 4, "green at half")
        XCTAssertEqual(Double(f[0][i + 2]), 127.5, accuracy: 4, "blue through at half")
        XCTAssertEqual(Double(f[0][i]), 0, accuracy: 4)
        XCTAssertEqual(Double(f[0][(5 * 100 + 5) * 3 + 2]), 255, accuracy: 3, "outside the box: the background")

        try Self.box(ws, "red.json")
        let scaled = try render(ws, ##"{ "type": "lottie", "src": "red.json", "start": 0, "frame": { "x": 0.5, "y": 0.5, "width": "50px" } }"##, fps: 30, seconds: "1")
        // 50×50 in the middle (25…75): the box is 10 px wide, its centre at 25 + (20 + 2·n)/2.
        XCTAssertEqual(redColumns(scaled[10]), Array((25 + 20 - 5)..<(25 + 20 + 5)), "frame 10 at half size")
        let r = try Tools.run(BlendModeTests.python, [Self.oracle, ws.path("red.json"), "50", "50", ws.path("half"), "10"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let half = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ws.path("half-10.rgb"))))
        var embedded = [UInt8](repeating: 0, count: 100 * 100 * 3)
        for y in 0..<50 { for x in 0..<50 { for c in 0..<3 { embedded[((y + 25) * 100 + x + 25) * 3 + c] = half[(y * 50 + x) * 3 + c] } } }
        assertClose(scaled[10], embedded, "half size")
    }

    /// Drawn premultiplied for the compositor alone; with a mask (or filters) straight, as masks
    /// expect: both show the same box, the mask cutting it.
    func testAMaskedAnimationIsCutByItsMask() throws {
        let ws = try Workspace()
        try Self.box(ws)
        let plain = try render(ws, ##"{ "type": "lottie", "src": "box.json", "start": 0 }"##, fps: 30, seconds: "1")
        let masked = try render(ws, ##"""
        { "type": "lottie", "src": "box.json", "start": 0,
          "mask": { "shape": { "shape": "rect", "frame": { "x": "25px", "y": 0.5, "width": "50px", "height": 1 } } } }
        """##, fps: 30, seconds: "1")
        // Frame 15: the box spans 40…59; the mask keeps x < 50.
        XCTAssertEqual(redColumns(plain[15]), Array(40..<60))
        XCTAssertEqual(redColumns(masked[15]), Array(40..<50))
        for x in 40..<48 { XCTAssertEqual(Int(masked[15][(50 * 100 + x) * 3]), Int(plain[15][(50 * 100 + x) * 3]), accuracy: 3, "x \(x)") }
    }

    func testChunksDrawWhatTheWholeDraws() throws {
        let ws = try Workspace()
        try Self.box(ws)
        let plan = try ws.plan(##"""
        { "version": 1, "output": { "width": 100, "height": 100, "frameRate": 25, "video": { "crf": 0, "keyframeInterval": 0.5 } },
          "timeline": { "videos": [ { "color": "#204060", "duration": 2 } ], "overlays": [
            { "type": "group", "start": 0.3, "items": [
              { "type": "lottie", "src": "box.json", "start": 0.1, "loop": true, "speed": 1.25, "opacity": 0.8,
                "keyframes": [ { "time": 0, "x": 0.4 }, { "time": 1.5, "x": 0.6 } ] } ] } ] } }
        """##)
        try Renderer(plan: plan).render(to: ws.path("whole.mp4"))
        let (chunked, count) = try ws.renderInChunks(plan, seconds: 1, to: "chunked.mp4")
        XCTAssertEqual(count, 2)
        let whole = try Tools.yuvFrames(ws.path("whole.mp4"), width: 100, height: 100)
        XCTAssertEqual(whole.count, 50)
        XCTAssertEqual(try Tools.yuvFrames(chunked, width: 100, height: 100), whole, "the chunks draw the same pixels")
        XCTAssertNotEqual(whole[30], whole[31], "it moves")
    }

    func testWhatRlottieCannotDrawIsRefusedNamingFeatureAndLayer() throws {
        let ws = try Workspace()
        func problems(_ overlay: String) -> [SpecProblem] {
            let json = ##"{ "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ], "overlays": [ \##(overlay) ] } }"##
            do { _ = try ws.plan(json) } catch let p as SpecProblems { return p.problems } catch RenderError.invalid(let p) { return p } catch {
                return [SpecProblem(pointer: "unexpected", message: "\(error)")]
            }
            return []
        }
        let o = "/timeline/overlays/0"
        try Self.box(ws)
        try Self.box(ws, "plain.json", layer: #", "ef": []"#)
        XCTAssertEqual(problems(##"{ "type": "lottie", "src": "plain.json", "start": 0 }"##), [], "empty effects and normal blending are fine")
        let cases: [(String, String, Int, Int, String)] = [
            ("expression.json", #", "tt": 0, "ks2": {"p": {"a": 0, "k": [0, 0], "x": "wiggle(2, 10)"}}"#, 0, 0, "expressions"),
            ("blend.json", "", 0, 3, "layer blend modes"),
            ("effects.json", #", "ef": [{"ty": 5, "nm": "Slider"}]"#, 0, 0, "effects"),
            ("ddd.json", "", 1, 0, "3D layers"),
        ]
        for (name, layer, ddd, blend, feature) in cases {
            try Self.box(ws, name, layer: layer, ddd: ddd, blend: blend)
            let p = problems(##"{ "type": "lottie", "src": "\##(name)", "start": 0 }"##)
            XCTAssertEqual(p.map(\.pointer), ["\(o)/src"], name)
            XCTAssertTrue(p.first?.message.contains(feature) ?? false, "\(name): \(p)")
            XCTAssertTrue(p.first?.message.contains(#"layer "Box" (layers/0)"#) ?? false, "\(name): \(p)")
        }
        try #"{"v": "5.5.2", "w": 100, "h": 100, "ip": 0, "op": 30, "layers": [{"ty": 5, "nm": "Title"}]}"#.write(toFile: ws.path("nofr.json"), atomically: true, encoding: .utf8)
        XCTAssertTrue(problems(##"{ "type": "lottie", "src": "nofr.json", "start": 0 }"##).first?.message.contains("fr") ?? false)
        try "not json".write(toFile: ws.path("bad.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(problems(##"{ "type": "lottie", "src": "bad.json", "start": 0 }"##).map(\.pointer), ["\(o)/src"])
        XCTAssertEqual(problems(##"{ "type": "lottie", "src": "missing.json", "start": 0 }"##).map(\.pointer), ["\(o)/src"])
        XCTAssertEqual(problems(##"{ "type": "lottie", "src": "https://example.com/a.json", "start": 0 }"##).map(\.pointer), ["\(o)/src"])
        XCTAssertEqual(problems(##"{ "type": "lottie", "src": "box.json", "start": 0, "sourceRange": { "start": 0.5, "duration": 1 } }"##).map(\.pointer),
                       ["\(o)/sourceRange"])
        XCTAssertEqual(Set(problems(##"{ "type": "lottie", "src": "box.json", "start": 0, "speed": 9, "loop": "yes", "volume": 1, "chromaKey": {} }"##).map(\.pointer)),
                       ["\(o)/speed", "\(o)/loop", "\(o)/volume", "\(o)/chromaKey"])
    }
}
