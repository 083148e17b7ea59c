import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Previews (`PreviewContext`) against `png` renders of the same spec at the same frame time:
/// identical files, in any order of times (forward, back, far jumps), with one context kept open,
/// across transitions, speed, keyframes, text, images with a blend mode, shapes, masks, groups and
/// an audiogram and a Lottie animation;
/// and the decoding a scrub costs, read from the decoder's own frame count.
final class PreviewTests: XCTestCase {
    /// A 64×48 clip of `seconds` at 30 fps whose content moves every frame, keyframes every `gop`.
    func clip(_ ws: Workspace, _ name: String, seconds: Int, gop: Int, pattern: String = "testsrc2") throws {
        try Tools.ffmpeg(["-f", "lavfi", "-i", "\(pattern)=s=64x48:r=30:d=\(seconds)", "-c:v", "libx264", "-g", String(gop),
                          "-bf", "2", "-pix_fmt", "yuv420p", ws.path(name)])
    }

    func timeline(format: String, range: String = "") -> String {
        ##"""
        { "version": 1,
          "output": { "format": "\##(format)", "width": 64, "height": 48, "frameRate": 25 \##(range) },
          "timeline": {
            "videos": [
              { "src": "a.mp4", "sourceRange": { "start": 0.5, "duration": 2 } },
              { "src": "b.mp4", "speed": 2, "keyframes": [ { "time": 0, "opacity": 0.4 }, { "time": 1, "opacity": 1 } ] },
              { "src": "a.mp4", "sourceRange": { "start": 3, "duration": 1 } } ],
            "transitions": [ { "type": "dissolve", "duration": 0.5 } ],
            "voiceOvers": [ { "src": "chirp.wav", "start": 0.3 } ],
            "overlays": [
              { "type": "text", "text": "Hi", "start": 0.2, "duration": 2, "font": { "size": 12 } },
              { "type": "waveform", "start": 0.1, "style": "mirror", "bars": 16, "frame": { "x": 0.5, "y": "40px", "width": 1, "height": "16px" } },
              { "type": "lottie", "src": "box.json", "start": 0.4, "loop": true, "speed": 0.75, "frame": { "x": 0.6, "y": 0.4, "width": "37px" } },
              { "type": "image", "src": "dot.png", "start": 0, "blend": "multiply", "frame": { "x": 0.3, "y": 0.3, "width": 0.4 },
                "keyframes": [ { "time": 0, "x": 0.2 }, { "time": 3, "x": 0.8 } ] },
              { "type": "shape", "shape": "ellipse", "start": 1, "duration": 2.5, "fill": "#30C0F0",
                "frame": { "x": "40px", "y": "30px", "width": "20px", "height": "14px" },
                "mask": { "shape": { "shape": "rect", "frame": { "x": 0.5, "y": 0.5, "width": 0.5, "height": 1 } }, "feather": 2 } },
              { "type": "group", "start": 2.5, "opacity": 0.7, "items": [
                { "type": "video", "src": "b.mp4", "start": 0, "frame": { "x": 0.5, "y": 0.5, "width": 0.5, "height": 0.5 } },
                { "type": "shape", "shape": "rect", "start": 0.5, "fill": "#FFFFFF", "frame": { "x": "8px", "y": "8px", "width": "8px", "height": "8px" } } ] } ] } }
        """##
    }

    /// An image file's pixels as ffmpeg decodes them (RGBA, so a PNG's alpha counts too).
    func pixels(_ bytes: [UInt8], _ ws: Workspace, _ name: String) throws -> [UInt8] {
        try Data(bytes).write(to: URL(fileURLWithPath: ws.path(name)))
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", ws.path(name), "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return [UInt8](r.stdout)
    }

    func file(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    func fixtures(_ ws: Workspace) throws {
        try clip(ws, "a.mp4", seconds: 5, gop: 250)
        try clip(ws, "b.mp4", seconds: 4, gop: 12, pattern: "smptebars")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0xC08040@0.8:s=16x16,format=rgba", "-frames:v", "1", ws.path("dot.png")])
        try LottieTests.box(ws)
        // A sweep, so every frame's audiogram differs.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*(100+1000*t)*t):s=48000:d=5", "-c:a", "pcm_s16le", ws.path("chirp.wav")])
    }

    /// Every time in an order that goes forward frame by frame, back, and far both ways.
    func testPreviewsAreThePNGRendersOfTheSameFrames() throws {
        let ws = try Workspace()
        try fixtures(ws)
        let context = PreviewContext(plan: try ws.plan(timeline(format: "mp4")), format: .png)
        let duration = context.duration
        XCTAssertEqual(duration, Time(value: 9, timescale: 2), "2 + 2 (4 s at 2×) + 1 − 0.5 of the dissolve")
        let times: [Time] = ["1.1", "1.13", "1.16", "1.2", "1.17", "1.14", "1.15", "0.41", "0", "3.93", "2.01", "1.77", "1.78", "4.48", "2.6", "2.64", "0.5"]
            .map { try! TimeParser.parseDecimal($0).get() }
        for t in times {
            let preview = try context.image(at: t)
            let frame = context.frameTime(holding: t)
            XCTAssertEqual(preview.frameTime, frame)
            XCTAssertFalse(t < frame, "the frame's interval holds \(t)")
            XCTAssertTrue(t < frame + Time(value: 1, timescale: 25), "the frame's interval holds \(t)")
            let name = "still-\(t.value)-\(t.timescale).png"
            let out = try ws.render(timeline(format: "png", range: #", "range": { "start": "\#(frame)", "duration": 1 }"#), to: name)
            XCTAssertEqual(preview.width, 64)
            XCTAssertEqual(preview.height, 48)
            let shown = try pixels(preview.bytes, ws, "preview.png"), rendered = try pixels(try file(out), ws, "rendered.png")
            XCTAssertEqual(shown.count, 64 * 48 * 4)
            XCTAssertTrue(shown == rendered, "the preview at \(t) s is the png render at \(frame) s")
        }
    }

    /// A transparent timeline keeps its alpha in a PNG preview (as a `png` output does) and is laid
    /// over black in a JPEG one (as a `jpg` output is).
    func testAlphaAndJPEGFollowTheirOutputs() throws {
        let ws = try Workspace()
        let spec = { (format: String, range: String) in ##"""
        { "version": 1, "output": { "format": "\##(format)", "width": 32, "height": 32, "background": "#00000000" \##(range) },
          "timeline": { "videos": [ { "color": "#00000000", "duration": 1 } ],
                        "overlays": [ { "type": "shape", "shape": "rect", "start": 0, "duration": 1, "fill": "#FF000080",
                                         "frame": { "x": 0.5, "y": 0.5, "width": 0.5, "height": 0.5 } } ] } }
        """## }
        let png = try PreviewContext(plan: ws.plan(spec("png", "")), format: .png).image(at: Time(value: 1, timescale: 2))
        let rendered = try ws.render(spec("png", #", "range": { "start": 0.5, "duration": 1 }"#), to: "a.png")
        XCTAssertTrue(try pixels(png.bytes, ws, "p.png") == (try pixels(try file(rendered), ws, "r.png")), "RGBA, as the png output")
        let middle = Array(try pixels(png.bytes, ws, "p.png")[(16 * 32 + 16) * 4 ..< (16 * 32 + 16) * 4 + 4])
        for (got, want) in zip(middle, [255, 0, 0, 128]) { XCTAssertEqual(Int(got), want, accuracy: 2, "the rect's straight colour and alpha: \(middle)") }
        let jpeg = try PreviewContext(plan: ws.plan(spec("png", "")), format: .jpeg).image(at: Time(value: 1, timescale: 2))
        let jpg = try ws.render(spec("jpg", #", "range": { "start": 0.5, "duration": 1 }"#), to: "a.jpg")
        XCTAssertTrue(jpeg.bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpg))), "over black, as the jpg output")
    }

    /// `width` scales the frame down, the height in proportion.
    func testWidthScalesDown() throws {
        let ws = try Workspace()
        let plan = try ws.plan(##"{ "version": 1, "output": { "width": 640, "height": 360 }, "timeline": { "videos": [ { "color": "#2040E0", "duration": 1 } ] } }"##)
        let image = try PreviewContext(plan: plan, format: .png).image(at: .zero, width: 100)
        XCTAssertEqual([image.width, image.height], [100, 56], "360 × 100 / 640 = 56.25")
        try Data(image.bytes).write(to: URL(fileURLWithPath: ws.path("small.png")))
        let stream = try XCTUnwrap(Tools.stream(try Tools.probe(ws.path("small.png")), "video"))
        XCTAssertEqual(stream.int("width"), 100)
        XCTAssertEqual(stream.int("height"), 56)
        let rgb = try Tools.run("ffmpeg", ["-v", "error", "-i", ws.path("small.png"), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).stdout
        let centre = (28 * 100 + 50) * 3
        for (got, want) in zip(rgb[centre..<centre + 3], [0x20, 0x40, 0xE0]) { XCTAssertEqual(Int(got), want, accuracy: 3) }
    }

    /// A scrub decodes what lies between frames, not the source from its start: one frame on, a
    /// frame or two; far ahead, from the keyframe before the target (by the container's index),
    /// not through the frames between; back, from the keyframe before the target.
    func testScrubbingDecodesOnlyWhatTheFrameNeeds() throws {
        let ws = try Workspace()
        try clip(ws, "g.mp4", seconds: 10, gop: 30)
        let fitter = FrameFitter(width: 64, height: 48, background: .black, color: .bt601, depth: .eight)
        let clip = try ClipProducer(path: ws.path("g.mp4"), startingAt: .zero, rotation: 0, mode: .fit, fitter: fitter, decoderThreads: 1)
        func frame(_ n: Int64) -> Time { Time(value: n, timescale: 30) }
        func decoding(_ n: Int64) throws -> Int {
            let before = clip.stream.decodedFrames
            _ = try clip.picture(at: frame(n))
            return clip.stream.decodedFrames - before
        }
        _ = try decoding(10)
        XCTAssertLessThanOrEqual(try decoding(11), 2, "the next frame")
        XCTAssertLessThanOrEqual(try decoding(95), 10, "frame 95 from the keyframe at 90, not the 84 frames between")
        XCTAssertLessThanOrEqual(try decoding(93), 8, "back: from the keyframe at 90 again")
        XCTAssertLessThanOrEqual(try decoding(0), 3, "back to the start")
        XCTAssertLessThanOrEqual(try decoding(299), 35, "the last frame, from the last keyframe (270)")
        // And each is the frame a fresh producer shows there (this one decodes from keyframes,
        // skipping hidden frames, as a render does).
        for n: Int64 in [140, 5, 299, 61, 62, 30] {
            let fresh = try ClipProducer(path: ws.path("g.mp4"), startingAt: frame(n), rotation: 0, mode: .fit, fitter: fitter, decoderThreads: 1)
            XCTAssertTrue(TestPicture.planes(try clip.picture(at: frame(n))) == TestPicture.planes(try fresh.picture(at: frame(n))), "frame \(n)")
        }
    }

    /// A preview's producer keeps its latest decoded frames: steps back into them decode nothing
    /// and show what a fresh producer shows; a step back past them decodes from the keyframe.
    func testStepsBackIntoTheRecentFramesDecodeNothing() throws {
        let ws = try Workspace()
        try clip(ws, "g.mp4", seconds: 4, gop: 30)
        let fitter = FrameFitter(width: 64, height: 48, background: .black, color: .bt601, depth: .eight)
        let clip = try ClipProducer(path: ws.path("g.mp4"), startingAt: .zero, rotation: 0, mode: .fit, fitter: fitter, decoderThreads: 1,
                                    recentBytes: 1 << 20)
        func frame(_ n: Int64) -> Time { Time(value: n, timescale: 30) }
        func decoding(_ n: Int64) throws -> (Int, Bool) {
            let before = clip.stream.decodedFrames
            let shown = TestPicture.planes(try clip.picture(at: frame(n)))
            let fresh = try ClipProducer(path: ws.path("g.mp4"), startingAt: frame(n), rotation: 0, mode: .fit, fitter: fitter, decoderThreads: 1)
            return (clip.stream.decodedFrames - before, shown == TestPicture.planes(try fresh.picture(at: frame(n))))
        }
        XCTAssertTrue(try decoding(0).1)
        let first = try decoding(50)
        XCTAssertTrue(first.1)
        XCTAssertLessThanOrEqual(first.0, 25, "far ahead: from the keyframe at 30, frames hidden before 50 skipped")
        let back = try decoding(48)
        XCTAssertTrue(back.1)
        XCTAssertGreaterThanOrEqual(back.0, 19, "a step back: from the keyframe at 30, every frame, all kept")
        XCTAssertEqual(try decoding(49).0, 1, "on again: a frame a step")
        XCTAssertEqual(try decoding(50).0, 1)
        for n: Int64 in [48, 45, 40, 31, 30, 47] {
            let (decoded, same) = try decoding(n)
            XCTAssertEqual(decoded, 0, "frame \(n) is among the recent ones")
            XCTAssertTrue(same, "frame \(n) as a fresh producer shows it")
        }
        let past = try decoding(20)
        XCTAssertGreaterThan(past.0, 0, "before the recent frames: decoded again")
        XCTAssertTrue(past.1)
        XCTAssertEqual(try decoding(21).0, 1, "the next frame on")
        XCTAssertEqual(try decoding(5).0, 0, "the frames from the keyframe at 0 are recent now")
    }
}
