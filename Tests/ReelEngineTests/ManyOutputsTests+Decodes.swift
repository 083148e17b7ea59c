import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Canvases of one frame rate drawn in lockstep from one decode of each video source
/// (`SharedDecodes`, `SharedClip`): each output is still its lone render, picture for picture.
extension ManyOutputsTests {
    /// Two clips trimmed inside a GOP (decoded from the keyframe before the trim, and the second
    /// opened ahead while the first plays) with a dissolve between them, drawn at three sizes of
    /// three shapes (none may be scaled from another: `ScaledPictures` keeps the aspect), the
    /// 16:9 clips passed through, pillarboxed and cropped: one pass, each clip decoded once for
    /// the three canvases.
    func testThreeSizesDecodeEachClipOnceAndEachIsItsLoneRender() throws {
        let ws = try workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=2", "-vf", "hflip",
                          "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", ws.path("other.mp4")])
        let spec = { (output: String) in
            ##"""
            { "version": 1, "output": \##(output),
              "timeline": { "videos": [ { "src": "clip.mp4", "sourceRange": { "start": "13/30", "duration": 1 } },
                                        { "src": "other.mp4", "sourceRange": { "start": "20/30", "duration": 1 } } ],
                            "transitions": [ { "type": "dissolve", "duration": "10/30" } ] } }
            """##
        }
        // 2 s less the dissolve at 30 fps.
        let renderer = try renderInOnePass(ws, spec, sizes: [(320, 180, "fit"), (240, 180, "fit"), (144, 144, "fill")], frames: 50)
        XCTAssertEqual(renderer.clipDecoders.shared, 2, "each clip decoded once for the three canvases")
        XCTAssertEqual(renderer.clipDecoders.alone, 0, "no canvas fell behind or asked another time")
    }

    /// `spec`'s timeline as lossless MP4s of `sizes` (width, height, fit) in one job, each of
    /// `frames` frames: one pass of a canvas per size (none may be scaled from another), each output
    /// picture for picture its lone render (`reel render` of the spec with that output alone).
    func renderInOnePass(_ ws: Workspace, _ spec: (String) -> String, sizes: [(Int, Int, String)], frames: Int) throws -> MultiRenderer {
        let outputs = sizes.map { w, h, fit in
            (name: "mp4-\(w)", output: #"{ "format": "mp4", "width": \#(w), "height": \#(h), "fit": "\#(fit)", "video": { "crf": 0 } }"#)
        }
        let members = try outputs.map { o in
            let json = spec(o.output)
            return MultiRenderer.Member(name: o.name, output: try SpecDecoder.decode(Array(json.utf8)).get().output, plan: try ws.plan(json))
        }
        let renderer = MultiRenderer(members: members)
        let paths = Dictionary(uniqueKeysWithValues: outputs.map { ($0.name, ws.path("\($0.name).mp4")) })
        try renderer.render(to: paths)
        XCTAssertEqual(renderer.pictureStagesStarted, sizes.count, "a canvas per size: none scaled from another")
        for ((w, h, _), o) in zip(sizes, outputs) {
            let alone = ws.path("alone-\(o.name).mp4")
            let lone = try Tools.run(Tools.reelBinary, ["render", try ws.spec(spec(o.output), name: "\(o.name).json"), "-o", alone])
            XCTAssertEqual(lone.status, 0, lone.stderr)
            let ours = try Tools.lumaFrames(paths[o.name]!, width: w, height: h)
            let theirs = try Tools.lumaFrames(alone, width: w, height: h)
            XCTAssertEqual(ours.count, frames, o.name)
            XCTAssertEqual(ours.count, theirs.count, o.name)
            for (k, (a, b)) in zip(ours, theirs).enumerated() {
                XCTAssert(a == b, "\(o.name) frame \(k): \(PassthroughTests.psnr(a, b)) dB from its lone render's")
            }
        }
        return renderer
    }

    /// Every kind of video source on one timeline at three sizes: a plain clip, a clip drawn as a
    /// layer (opacity keyframes) under a video mask, a matte transition's video matte, a video
    /// overlay under a video mask, and a video inside a group. One pass; each source decoded once
    /// for the three canvases (seven decoders, not twenty-one), each output its lone render.
    func testLayersMasksMattesOverlaysAndGroupsDecodeOnceForEveryCanvas() throws {
        let ws = try workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=2", "-vf", "hflip",
                          "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", ws.path("other.mp4")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30:duration=2", "-vf", "format=gray,format=yuv420p",
                          "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", ws.path("matte.mp4")])
        let spec = { (output: String) in
            ##"""
            { "version": 1, "output": \##(output),
              "timeline": {
                "videos": [ { "src": "clip.mp4", "sourceRange": { "start": "13/30", "duration": 1 } },
                            { "src": "other.mp4", "sourceRange": { "start": "20/30", "duration": 1 },
                              "keyframes": [ { "time": 0, "opacity": 1 }, { "time": 1, "opacity": 0.6 } ],
                              "mask": { "src": "matte.mp4", "mode": "luma" } } ],
                "transitions": [ { "type": "matte", "src": "matte.mp4", "duration": "10/30" } ],
                "overlays": [ { "type": "video", "src": "other.mp4", "start": 0.2, "duration": 1,
                                "frame": { "x": 0.7, "y": 0.3, "width": 0.4, "height": 0.4 }, "mask": { "src": "matte.mp4", "mode": "luma" } },
                              { "type": "group", "start": 0.5, "opacity": 0.8, "items": [
                                { "type": "video", "src": "clip.mp4", "start": 0, "frame": { "x": 0.3, "y": 0.7, "width": 0.3, "height": 0.3 } } ] } ] } }
            """##
        }
        // 2 s less the transition at 30 fps.
        let renderer = try renderInOnePass(ws, spec, sizes: [(320, 180, "fit"), (240, 180, "fit"), (144, 144, "fit")], frames: 50)
        XCTAssertEqual(renderer.clipDecoders.shared, 7, "the two clips, the layer's mask, the matte, the overlay and its mask, the group's video")
        XCTAssertEqual(renderer.clipDecoders.alone, 0, "no canvas fell behind or asked another time")
    }

    /// A slot opens the shared decoder at the source time it is given, and a canvas let go opens
    /// its own at the source time it asked for (not that time taken for a timeline time again),
    /// showing what a decoder of its own shows there.
    func testASlotOpensItsDecodersAtSourceTimes() throws {
        let ws = try workspace()
        let fitter = FrameFitter(width: 160, height: 90, background: .black, color: .bt709, depth: .eight)
        let frame = { (n: Int64) in Time(value: n, timescale: 30) }
        var opened: [Time] = []
        let open = { (at: Time, stop: CancellationToken?) throws -> ClipProducer in
            opened.append(at)
            return try ClipProducer(path: ws.path("clip.mp4"), startingAt: at, rotation: 0, mode: .fit, fitter: fitter, decoderThreads: 1, stop: stop)
        }
        let decodes = SharedDecodes(readers: 2)
        let views = try decodes.seats.map { seat in
            try SharedDecodes.Slot.pictures(seat.slot(.overlay, 0), path: ws.path("clip.mp4"), from: frame(13), fitter: fitter, rotation: 0,
                                            mode: .fit, stop: nil, open: open)
        }
        XCTAssertEqual(opened, [frame(13)], "one decoder for the two canvases, opened at the slot's source time")
        _ = try views[0].picture(at: frame(13))
        _ = try views[1].picture(at: frame(13))
        _ = try views[0].picture(at: frame(14))
        let strayed = try views[1].picture(at: frame(20))
        XCTAssertEqual(opened, [frame(13), frame(20)], "the canvas let go opens its own at the source time it asked for")
        XCTAssertEqual(decodes.counts.alone, 1)
        let lone = try ClipProducer(path: ws.path("clip.mp4"), startingAt: frame(20), rotation: 0, mode: .fit, fitter: fitter, decoderThreads: 1)
        XCTAssertEqual(TestPicture.planes(strayed), TestPicture.planes(try lone.picture(at: frame(20))))
    }

    /// A reader that asks for another time than the others did, or falls more than
    /// `SharedClip.maximumLag` requests behind, is let go (it then decodes on its own); the others
    /// go on taking the one decode's frames, the same frame object for the same time.
    func testASharedClipLetsGoOfAReaderThatStraysOrLags() throws {
        let ws = try workspace()
        let fitter = FrameFitter(width: 320, height: 180, background: .black, color: .bt709, depth: .eight)
        let open = { try ClipProducer(path: ws.path("clip.mp4"), startingAt: .zero, rotation: 0, mode: .fit, fitter: fitter, decoderThreads: 1) }
        let frame = { (n: Int64) in Time(value: n, timescale: 30) }

        let strays = SharedClip(try open(), readers: 2)
        let first = try XCTUnwrap(try strays.decoded(reader: 0, at: frame(0)))
        XCTAssertTrue(try XCTUnwrap(try strays.decoded(reader: 1, at: frame(0))).frame === first.frame, "the same decoded frame, not decoded again")
        _ = try strays.decoded(reader: 0, at: frame(1))
        XCTAssertNil(try strays.decoded(reader: 1, at: frame(2)), "another time than the log's next: let go")
        XCTAssertEqual(strays.readersLetGo, 1)
        XCTAssertEqual(try strays.decoded(reader: 0, at: frame(2))?.time, frame(2), "the other reader decodes on")

        let lags = SharedClip(try open(), readers: 3)
        for n in 0...Int64(SharedClip.maximumLag) {
            _ = try lags.decoded(reader: 0, at: frame(n))
            _ = try lags.decoded(reader: 1, at: frame(n))
        }
        XCTAssertEqual(lags.readersLetGo, 1, "the reader that never came is let go past the lag")
        XCTAssertNil(try lags.decoded(reader: 2, at: frame(0)))
        lags.leave(reader: 1)
        XCTAssertEqual(try lags.decoded(reader: 0, at: frame(Int64(SharedClip.maximumLag) + 1))?.time, frame(Int64(SharedClip.maximumLag) + 1),
                       "one reader left reads on alone")
    }
}
