import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// An HLS rendition drawn at its own size where nothing on the timeline is measured in pixels
/// (`RenderPlan.renditionCanvas`): a rendition of sources smaller than the output is their pixels,
/// not the output's canvas scaled up and back down; with pixel-sized content it stays the output's
/// canvas scaled, the same design at each size.
final class HLSRenditionCanvasTests: XCTestCase {
    /// A 320×180 test pattern (sharp edges, lossless) in a 480×270 ladder of 270p and 180p, lossless.
    static func spec(timeline extra: String = "", output extra2: String = "") -> String {
        ##"""
        { "version": 1, "output": { "format": "hls", "width": 480, "height": 270, "frameRate": 10, "video": { "crf": 0 } \##(extra2),
            "hls": { "segmentDuration": 1, "renditions": [ { "height": 270 }, { "height": 180 } ] } },
          "timeline": { "videos": [ { "src": "pattern.mp4" } ] \##(extra) } }
        """##
    }

    func workspace() throws -> Workspace {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=10:duration=2", "-c:v", "libx264", "-qp", "0",
                          "-pix_fmt", "yuv420p", ws.path("pattern.mp4")])
        return ws
    }

    func testOnlyATimelineWithNothingInPixelsDrawsARenditionAtItsOwnSize() throws {
        let ws = try workspace()
        let plain = try ws.plan(Self.spec())
        let renditions = try XCTUnwrap(plain.hls?.renditions)
        XCTAssertNil(plain.renditionCanvas(renditions[0]), "the output's size: its canvas")
        let canvas = try XCTUnwrap(plain.renditionCanvas(renditions[1]))
        XCTAssertEqual([canvas.width, canvas.height], [320, 180])
        XCTAssertEqual(canvas.canvasColor, plain.canvasColor, "the output's colour")

        // A 720p ladder's 360p rendition is tagged BT.709 like the output: its canvas is drawn so.
        let hd = try ws.plan(Self.spec(output: #", "width": 1280, "height": 720"#).replacingOccurrences(of: #""width": 480, "height": 270, "#, with: "")
            .replacingOccurrences(of: #"{ "height": 270 }, { "height": 180 }"#, with: #"{ "height": 720 }, { "height": 360 }"#))
        let small = try XCTUnwrap(hd.renditionCanvas(try XCTUnwrap(hd.hls?.renditions[1])))
        XCTAssertEqual(small.height, 360)
        XCTAssertEqual(small.canvasColor, .bt709)
        XCTAssertEqual(CanvasColor.forOutput(height: 360), .bt601, "which a 360p output of its own would not be")

        let measured: [(String, String, String)] = [
            ("a title (its size in pixels)", #", "overlays": [ { "type": "text", "text": "Hi", "start": 0 } ]"#, ""),
            ("blur bars (their radius in pixels)", "", #", "fit": "blur""#),
            ("an item drawn as a layer", "", "")]
        for (why, timeline, output) in measured {
            var spec = Self.spec(timeline: timeline, output: output)
            if why.hasPrefix("an item") { spec = spec.replacingOccurrences(of: #"{ "src": "pattern.mp4" }"#, with: #"{ "src": "pattern.mp4", "filters": ["grayscale"] }"#) }
            let plan = try ws.plan(spec)
            XCTAssertFalse(plan.isScaleFree, why)
            XCTAssertNil(plan.renditionCanvas(try XCTUnwrap(plan.hls?.renditions[1])), why)
        }
    }

    /// Decoded frames of a rendition, through its playlist, against the source's at its size.
    func lowestPSNR(_ playlist: String, against source: String, width: Int, height: Int) throws -> Double {
        let ours = try Tools.yuvFrames(playlist, width: width, height: height)
        let theirs = try Tools.yuvFrames(source, width: width, height: height)
        XCTAssertEqual(ours.count, 20, "2 s at 10 fps")
        XCTAssertEqual(ours.count, theirs.count)
        return zip(ours, theirs).map { PassthroughTests.psnr($0, $1) }.min() ?? 0
    }

    func testARenditionOfTheSourcesSizeIsTheSourcesPixelsWholeOrInChunks() throws {
        let ws = try workspace()
        let whole = try ws.render(Self.spec(), to: "whole")
        // Drawn at 320×180, losslessly: the source itself (scaled up to 480×270 and back down it
        // would measure 37 dB).
        XCTAssertGreaterThanOrEqual(try lowestPSNR(whole + "/video_180p.m3u8", against: ws.path("pattern.mp4"), width: 320, height: 180), 50)
        let (chunked, count) = try ws.renderInChunks(try ws.plan(Self.spec()), seconds: 1, to: "chunked")
        XCTAssertEqual(count, 2)
        XCTAssertGreaterThanOrEqual(try lowestPSNR(chunked + "/video_180p.m3u8", against: ws.path("pattern.mp4"), width: 320, height: 180), 50)
        XCTAssertEqual(try Tools.yuvFrames(chunked + "/video_270p.m3u8", width: 480, height: 270),
                       try Tools.yuvFrames(whole + "/video_270p.m3u8", width: 480, height: 270), "the output's canvas, lossless")
    }

    func testARenditionOfATimelineInPixelsIsTheOutputsCanvasScaled() throws {
        let ws = try workspace()
        let titled = Self.spec(timeline: #", "overlays": [ { "type": "text", "text": "Reel", "start": 0, "font": { "size": 40 } } ]"#)
        let folder = try ws.render(titled, to: "titled")
        // Its 180p rendition against its 270p one scaled by ffmpeg: the same design (a title drawn
        // at 180p in 40 px would be half as large again against the frame).
        let scaled = ws.path("scaled.mp4")
        try Tools.ffmpeg(["-i", folder + "/video_270p.m3u8", "-vf", "scale=320:180", "-c:v", "libx264", "-qp", "0", scaled])
        XCTAssertGreaterThanOrEqual(try lowestPSNR(folder + "/video_180p.m3u8", against: scaled, width: 320, height: 180), 35)
        XCTAssertLessThan(try lowestPSNR(folder + "/video_180p.m3u8", against: ws.path("pattern.mp4"), width: 320, height: 180), 30,
                          "the title is there")
    }
}
