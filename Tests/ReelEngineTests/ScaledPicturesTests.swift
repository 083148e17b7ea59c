import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// A smaller output drawn by scaling a larger canvas (`ScaledPictures`, `MultiRenderer`): only
/// where the scaled pictures, measured at sample frames, stay within 45 dB of the ones drawn at
/// their own size; then one picture stage draws for both and the smaller output's encoder is the
/// one its HLS rendition already has. Where nothing on the timeline is measured in pixels, the
/// ladder draws that rendition at its own size instead, and the smaller output shares that canvas.
final class ScaledPicturesTests: XCTestCase {
    /// Solid colours and a dissolve: the same at any size, so scaling loses nothing.
    static let colours = ##""timeline": { "videos": [ { "color": "#D02020", "duration": 1 }, { "color": "#2040C0", "duration": 1 } ], "transitions": [ { "type": "dissolve", "duration": 0.5 } ] }"##
    /// Lossless video, so each output's decoded pictures are the pictures it was given. `fit: blur`
    /// (its radius in pixels) keeps the HLS ladder's renditions scaled from its canvas.
    static let big = #"{ "name": "big", "format": "mp4", "width": 320, "height": 180, "frameRate": 30, "video": { "crf": 0 }, "fit": "blur" }"#
    static let small = #"{ "name": "small", "format": "mp4", "width": 160, "height": 90, "frameRate": 30, "video": { "crf": 0 }, "fit": "blur" }"#
    static let ladder = #"{ "name": "ladder", "format": "hls", "width": 320, "height": 180, "frameRate": 30, "video": { "crf": 0 }, "fit": "blur", "hls": { "renditions": [ { "height": 180 }, { "height": 90 } ] } }"#
    /// The same outputs drawing the same at any size.
    static func scaleFree(_ output: String) -> String { output.replacingOccurrences(of: #", "fit": "blur""#, with: "") }

    func members(_ ws: Workspace, _ outputs: [String], timeline: String) throws -> [MultiRenderer.Member] {
        let spec = try SpecDecoder.decode(Array((#"{ "version": 1, "outputs": [ "# + outputs.joined(separator: ", ") + " ], " + timeline + " }").utf8)).get()
        let plans = try RenderPlanner(resolver: SourceResolver(mediaRoot: ws.root)).planOutputs(spec)
        return MultiRenderer.members(plans, spec: spec)
    }

    func testASmallerOutputIsScaledFromTheLargerCanvasWhereItStaysWithinTheBar() throws {
        let ws = try Workspace()
        let renderer = MultiRenderer(members: try members(ws, [Self.big, Self.small, Self.ladder], timeline: Self.colours))
        XCTAssertEqual(renderer.sharedGroups.map { $0.map(\.name) }, [["big", "ladder"], ["small"]], "two canvases")
        let paths = ["big": ws.path("big.mp4"), "small": ws.path("small.mp4"), "ladder": ws.path("ladder")]
        try renderer.render(to: paths)
        XCTAssertEqual(renderer.pictureStagesStarted, 1, "the 160×90 output drawn from the 320×180 canvas")
        XCTAssertEqual(renderer.scaled["small"]?.from, "big")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(renderer.scaled["small"]?.psnr), ScaledPictures.minimumPSNR)
        XCTAssertEqual(renderer.videoEncodersOpened, 2, "180p: big and the ladder's 180p; 90p: small and the ladder's 90p")
        XCTAssertEqual(try Tools.packets(paths["small"]!), try Tools.packets(paths["ladder"]! + "/video_90p.m3u8"), "one 90p encode")

        // Against its lone render (`reel render` of the spec with that output alone): the same
        // frame count, every picture within the bar.
        let alone = ws.path("alone-small.mp4")
        let lone = try Tools.run(Tools.reelBinary, ["render", try ws.spec(#"{ "version": 1, "output": \#(Self.small.replacingOccurrences(of: #""name": "small", "#, with: "")), \#(Self.colours) }"#, name: "small.json"), "-o", alone])
        XCTAssertEqual(lone.status, 0, lone.stderr)
        let ours = try Tools.yuvFrames(paths["small"]!, width: 160, height: 90)
        let theirs = try Tools.yuvFrames(alone, width: 160, height: 90)
        XCTAssertEqual(ours.count, 45, "1.5 s at 30 fps")
        XCTAssertEqual(ours.count, theirs.count)
        for (k, (a, b)) in zip(ours, theirs).enumerated() {
            XCTAssertGreaterThanOrEqual(PassthroughTests.psnr(a, b), ScaledPictures.minimumPSNR, "frame \(k)")
        }
    }

    /// A ladder of a timeline measured in no pixels draws its 90p rendition at its own size: the
    /// 160×90 output shares that canvas (not measured, not scaled) and its encode, and both are
    /// what each renders alone, packet for packet.
    func testAScaleFreeLaddersRenditionCanvasIsTheSmallerOutputs() throws {
        let ws = try Workspace()
        let renderer = MultiRenderer(members: try members(ws, [Self.big, Self.small, Self.ladder].map(Self.scaleFree), timeline: Self.colours))
        let paths = ["big": ws.path("big.mp4"), "small": ws.path("small.mp4"), "ladder": ws.path("ladder")]
        try renderer.render(to: paths)
        XCTAssertEqual(renderer.pictureStagesStarted, 2, "320×180 and 160×90, each drawn at its size")
        XCTAssertEqual(renderer.scaled.count, 0, "nothing measured or scaled")
        XCTAssertEqual(renderer.videoEncodersOpened, 2, "180p: big and the ladder's 180p; 90p: small and the ladder's 90p")
        XCTAssertEqual(try Tools.packets(paths["small"]!), try Tools.packets(paths["ladder"]! + "/video_90p.m3u8"), "one 90p encode")

        let alone = ws.path("alone-small.mp4"), aloneLadder = ws.path("alone-ladder")
        for (output, path) in [(Self.small, alone), (Self.ladder, aloneLadder)] {
            let json = Self.scaleFree(output).replacingOccurrences(of: #"{ "name": "small", "#, with: "{ ").replacingOccurrences(of: #"{ "name": "ladder", "#, with: "{ ")
            let lone = try Tools.run(Tools.reelBinary, ["render", try ws.spec(#"{ "version": 1, "output": \#(json), \#(Self.colours) }"#, name: "lone.json"), "-o", path])
            XCTAssertEqual(lone.status, 0, lone.stderr)
        }
        XCTAssertEqual(try Tools.packets(paths["small"]!), try Tools.packets(alone), "the small output alone")
        XCTAssertEqual(try Tools.packets(paths["ladder"]! + "/video_90p.m3u8"), try Tools.packets(aloneLadder + "/video_90p.m3u8"), "the ladder alone")
        XCTAssertEqual(try Tools.yuvFrames(paths["small"]!, width: 160, height: 90).count, 45)
    }

    /// A ladder whose renditions are all smaller than its canvas and drawn at their own sizes leaves
    /// its canvas undrawn: one canvas for its 90p rendition and the 160×90 output, one encode.
    func testACanvasNoStreamTakesIsNotDrawn() throws {
        let ws = try Workspace()
        let renderer = MultiRenderer(members: try members(ws, [Self.small, Self.ladder].map(Self.scaleFree).map {
            $0.replacingOccurrences(of: #"[ { "height": 180 }, { "height": 90 } ]"#, with: #"[ { "height": 90 } ]"#)
        }, timeline: Self.colours))
        let canvases = PassCanvases(try renderer.drawingGroups(cancel: CancellationToken()))
        XCTAssertEqual(canvases.plans.map { [$0.width, $0.height] }, [[160, 90]])
        XCTAssertEqual(canvases.streams, [[0], [0]], "the MP4 and the ladder's one rendition")
        try renderer.render(to: ["small": ws.path("small.mp4"), "ladder": ws.path("ladder")])
        XCTAssertEqual(renderer.pictureStagesStarted, 1)
        XCTAssertEqual(renderer.videoEncodersOpened, 1)
        XCTAssertEqual(try Tools.packets(ws.path("small.mp4")), try Tools.packets(ws.path("ladder/video_90p.m3u8")))
    }

    /// Overlays placed in pixels are not the same picture at another size: the measure refuses the
    /// scaling and each canvas is drawn at its own size.
    func testPicturesThatDoNotScaleAreDrawnAtTheirOwnSize() throws {
        let ws = try Workspace()
        let timeline = ##""timeline": { "videos": [ { "color": "#D02020", "duration": 1 } ], "overlays": [ { "type": "shape", "shape": "rect", "start": 0, "fill": "#FFFFFF", "frame": { "x": "60px", "y": "30px", "width": "40px", "height": "20px" } } ] }"##
        let renderer = MultiRenderer(members: try members(ws, [Self.big, Self.small], timeline: timeline))
        try renderer.render(to: ["big": ws.path("big.mp4"), "small": ws.path("small.mp4")])
        XCTAssertEqual(renderer.pictureStagesStarted, 2)
        XCTAssertEqual(renderer.scaled.count, 0)
        let lowest = try ScaledPictures.lowestPSNR(small: renderer.members[1].plan, large: renderer.members[0].plan, stop: CancellationToken())
        XCTAssertLessThan(lowest, ScaledPictures.minimumPSNR)
    }

    func testWhichCanvasesMayBeScaledAndWhichFramesAreMeasured() throws {
        let ws = try Workspace()
        let ms = try members(ws, [Self.big, Self.small, #"{ "name": "square", "format": "mp4", "width": 90, "height": 90, "frameRate": 30 }"#,
                                  #"{ "name": "slow", "format": "mp4", "width": 160, "height": 90, "frameRate": 15 }"#], timeline: Self.colours)
        let keys = ms.map { PictureKey(output: $0.output, plan: $0.plan) }
        XCTAssertTrue(ScaledPictures.mayScale(keys[1], from: keys[0]))
        XCTAssertFalse(ScaledPictures.mayScale(keys[0], from: keys[1]), "only down")
        XCTAssertFalse(ScaledPictures.mayScale(keys[2], from: keys[0]), "another aspect")
        XCTAssertFalse(ScaledPictures.mayScale(keys[3], from: keys[0]), "another frame rate")
        XCTAssertEqual(ScaledPictures.sampleFrames(60), [7, 22, 37, 52])
        XCTAssertEqual(ScaledPictures.sampleFrames(2), [0, 1])
        XCTAssertEqual(ScaledPictures.sampleFrames(0), [])
    }
}
