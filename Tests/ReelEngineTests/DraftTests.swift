import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// `output.draft`: the whole job at most 480 lines high, everything in proportion (drawn at the
/// canvas's size, scaled as a whole), with the encoder's fastest preset; chunked as whole; and the
/// outputs that cannot be drafts refused at `/output/draft`.
final class DraftTests: XCTestCase {
    /// A white rect of 320×180 px centred on a 1280×720 black canvas, a second one at the top left.
    let boxes = ##"""
    { "version": 1, "output": { "width": 1280, "height": 720, "frameRate": 10, "draft": true, "video": { "keyframeInterval": 0.5 } },
      "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ],
                    "overlays": [ { "type": "shape", "shape": "rect", "start": 0, "fill": "#FFFFFF",
                                    "frame": { "x": "640px", "y": "360px", "width": "320px", "height": "180px" } },
                                  { "type": "shape", "shape": "rect", "start": 0, "fill": "#FFFFFF",
                                    "frame": { "x": "64px", "y": "36px", "width": "64px", "height": "36px" } } ] } }
    """##

    func testAtMost480LinesEverythingInProportion() throws {
        let ws = try Workspace()
        let plan = try ws.plan(boxes)
        XCTAssertTrue(plan.isDraft)
        XCTAssertEqual([plan.encodedWidth, plan.encodedHeight], [854, 480], "1280 × 480 / 720 = 853.3, made even")
        XCTAssertEqual(plan.videoEncoding.preset, "ultrafast")
        let out = try ws.render(boxes)
        let video = try XCTUnwrap(Tools.stream(try Tools.probe(out), "video"))
        XCTAssertEqual(video.int("width"), 854)
        XCTAssertEqual(video.int("height"), 480)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertNotNil(bytes.range(of: Data("subme=0".utf8)), "x264's ultrafast settings in its SEI")
        let luma = try Tools.lumaFrames(out, width: 854, height: 480)
        XCTAssertEqual(luma.count, 20)
        let y = { (x: Double, y: Double) in Int(luma[5][Int(y * 480) * 854 + Int(x * 854)]) }
        // The centre box spans 0.375…0.625 of the width and 0.375…0.625 of the height, in any size.
        for (x, yy) in [(0.5, 0.5), (0.39, 0.39), (0.61, 0.61)] { XCTAssertGreaterThan(y(x, yy), 200, "inside at \(x), \(yy)") }
        for (x, yy) in [(0.36, 0.5), (0.64, 0.5), (0.5, 0.36), (0.5, 0.64)] { XCTAssertLessThan(y(x, yy), 40, "outside at \(x), \(yy)") }
        // The small box: 0.025…0.075 of the width, 0.025…0.075 of the height.
        XCTAssertGreaterThan(y(0.05, 0.05), 200)
        XCTAssertLessThan(y(0.09, 0.05), 40)
        // Cut into chunks, the same frames.
        let chunked = try ws.renderInChunks(plan, seconds: 1, to: "chunked.mp4")
        XCTAssertEqual(chunked.chunks, 2, "1 s chunks on the 0.5 s keyframe grid")
        // (Encoded lossily in two pieces, the pictures are close, not identical: the same size and
        // boxes, and a mean difference under one level.)
        let pieces = try Tools.lumaFrames(chunked.path, width: 854, height: 480)
        XCTAssertEqual(pieces.count, luma.count)
        let total = zip(pieces, luma).reduce(0) { sum, pair in sum + zip(pair.0, pair.1).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } }
        XCTAssertLessThan(Double(total) / Double(854 * 480 * luma.count), 1.0, "chunked and whole agree")
    }

    func testASmallOutputKeepsItsSize() throws {
        let ws = try Workspace()
        let plan = try ws.plan(##"{ "version": 1, "output": { "width": 320, "height": 240, "draft": true }, "timeline": { "videos": [ { "color": "#102030", "duration": 1 } ] } }"##)
        XCTAssertEqual([plan.encodedWidth, plan.encodedHeight], [320, 240])
        XCTAssertEqual(plan.videoEncoding.preset, "ultrafast")
        XCTAssertEqual(PlanSummary.json(plan).first { $0.key == "output" }.map { "\($0.value.serialized)" }?.contains(#""draft":true"#), true)
    }

    func testWhatCannotBeADraft() throws {
        let cases: [(String, String)] = [
            (#""format": "gif", "draft": true"#, "is only for mp4, mov, m4v and webm outputs; gif has no draft"),
            (#""format": "png", "draft": true"#, "is only for mp4, mov, m4v and webm outputs; png has no draft"),
            (#""format": "hls", "draft": true"#, "is only for mp4, mov, m4v and webm outputs; hls has no draft"),
            (#""preset": "passthrough", "draft": true"#, "encodes every frame anew at draft size, which the passthrough preset does not do (it copies frames)"),
            (#""format": "mov", "video": { "codec": "prores" }, "draft": true"#, "needs the h264, hevc or vp9 codec; prores has no fast preset"),
            (#""video": { "preset": "slow" }, "draft": true"#, "sets the encoder's preset itself (ultrafast); leave video.preset out"),
            (#""draft": "yes""#, "must be true or false, found a string"),
        ]
        for (output, message) in cases {
            let json = ##"{ "version": 1, "output": { \##(output) }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }"##
            switch SpecDecoder.decode(Array(json.utf8)) {
            case .success: XCTFail("\(output) was accepted")
            case .failure(let p): XCTAssertEqual(p.problems.map(\.description), ["/output/draft: \(message)"], output)
            }
        }
        XCTAssertNoThrow(try SpecDecoder.decode(Array(##"{ "version": 1, "output": { "draft": false, "format": "gif" }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }"##.utf8)).get())
    }
}
