import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Numbered image sequences as sources (`sequence:`, docs/SPEC.md and docs/API.md (OpenTimelineIO)): the syntax, the
/// resolver's checks (every frame there, nothing outside the media root) and the frames played.
final class ImageSequenceTests: XCTestCase {
    /// Frames `first…first+count−1` of `folder/name.%04d.png`, frame i (from 0) a flat grey of
    /// 20 + 3i (full-range RGB).
    static func frames(_ ws: Workspace, _ folder: String, first: Int = 1001, count: Int = 48) throws {
        try FileManager.default.createDirectory(atPath: ws.path(folder), withIntermediateDirectories: true)
        try Tools.ffmpeg(["-f", "lavfi", "-i", "nullsrc=s=32x32:r=24,format=gray,geq=lum='20+3*N'", "-frames:v", "\(count)",
                          "-start_number", "\(first)", ws.path(folder).replacing("%", with: "%%") + "/beauty.%04d.png"])
    }

    /// The luma code a grey of `g` (full range) becomes in a limited-range output: BT.709/601 alike.
    static func coded(_ g: Int) -> Double { 16 + 219 * Double(g) / 255 }

    func testTheSyntaxReadsAndWritesBack() throws {
        let s = try ImageSequenceSource(src: "sequence:renders/sh%%010/beauty.%04d.exr?first=1001&rate=24000/1001&count=48")
        XCTAssertEqual(s.pattern, "renders/sh%%010/beauty.%04d.exr")
        XCTAssertEqual(s.first, 1001)
        XCTAssertEqual(s.count, 48)
        XCTAssertEqual(s.rate, Rational(24000, 1001))
        XCTAssertEqual(s.path(frame: 1001), "renders/sh%010/beauty.1001.exr", "%% is a literal %")
        XCTAssertEqual(s.path(frame: 12345), "renders/sh%010/beauty.12345.exr", "more digits than the padding")
        XCTAssertEqual(try ImageSequenceSource(src: s.src), s)
        let plain = try ImageSequenceSource(src: "sequence:f%d.png?rate=23.976")
        XCTAssertEqual(plain.first, 1, "OTIO's default start frame")
        XCTAssertEqual(plain.rate, Rational(24000, 1001), "the NTSC decimal read exactly")
        XCTAssertEqual(plain.path(frame: 7), "f7.png")
        XCTAssertEqual(ImageSequenceSource.pattern(prefix: "100%_", padding: 3, suffix: ".png"), "100%%_%03d.png")
        for (bad, why) in [("sequence:f.%04d.png", "rate"), ("sequence:f.png?rate=24", "%d"), ("sequence:f.%d.%d.png?rate=24", "%d"),
                           ("sequence:f%x.png?rate=24", "%d"), ("sequence:s%02d/f.png?rate=24", "folders"),
                           ("sequence:f.%04d.png?rate=0", "rate"), ("sequence:f.%04d.png?rate=1/10000000000000000", "rate"), ("sequence:f.%04d.png?rate=24&first=-1", "first"),
                           ("sequence:f.%04d.png?rate=24&step=2", "step"), ("sequence:f.%04d.png?rate=24&count=0", "count")] {
            XCTAssertThrowsError(try ImageSequenceSource(src: bad), bad) { error in
                XCTAssertTrue("\(error)".contains(why), "\(bad): \(error)")
            }
        }
    }

    /// The resolver checks every frame: a gap in the range is refused naming the missing frames, an
    /// unbroken run is counted, and no frame (or folder) may lead out of the media root.
    func testTheResolverChecksEveryFrame() throws {
        let ws = try Workspace()
        try Self.frames(ws, "media/shot", count: 10)
        let resolver = SourceResolver(mediaRoot: ws.path("media"))
        let resolved = try ImageSequenceSource(src: try resolver.resolve("sequence:shot/beauty.%04d.png?first=1001&rate=24"))
        XCTAssertEqual(resolved.count, 10, "the unbroken run from the first frame")
        XCTAssertTrue(resolved.pattern.hasPrefix(resolver.mediaRoot + "/shot/"), resolved.pattern)
        XCTAssertEqual(try ImageSequenceSource(src: try resolver.resolve("sequence:shot/beauty.%04d.png?first=1003&rate=24&count=4")).count, 4)

        try FileManager.default.removeItem(atPath: ws.path("media/shot/beauty.1005.png"))
        try FileManager.default.removeItem(atPath: ws.path("media/shot/beauty.1007.png"))
        XCTAssertThrowsError(try resolver.resolve("sequence:shot/beauty.%04d.png?first=1001&rate=24&count=10")) { error in
            XCTAssertTrue("\(error)".contains("missing 2 of its 10 frames (1005, 1007)"), "\(error)")
        }
        XCTAssertEqual(try ImageSequenceSource(src: try resolver.resolve("sequence:shot/beauty.%04d.png?first=1001&rate=24")).count, 4,
                       "without a count, the run ends at the first gap")
        XCTAssertThrowsError(try resolver.resolve("sequence:shot/beauty.%04d.png?first=2001&rate=24")) { error in
            XCTAssertTrue("\(error)".contains("no frame 2001 (beauty.2001.png)"), "\(error)")
        }
        XCTAssertThrowsError(try resolver.resolve("sequence:../shot/beauty.%04d.png?rate=24")) { error in
            XCTAssertTrue("\(error)".contains("'..'"), "\(error)")
        }
        XCTAssertThrowsError(try resolver.resolve("sequence:/etc/beauty.%04d.png?rate=24")) { error in
            XCTAssertTrue("\(error)".contains("absolute"), "\(error)")
        }
        // A frame that is a link to a file outside the media root.
        try Self.frames(ws, "outside", count: 1)
        try FileManager.default.createSymbolicLink(atPath: ws.path("media/shot/beauty.1005.png"), withDestinationPath: ws.path("outside/beauty.1001.png"))
        XCTAssertThrowsError(try resolver.resolve("sequence:shot/beauty.%04d.png?first=1004&rate=24&count=2")) { error in
            XCTAssertTrue("\(error)".contains("has beauty.1005.png, a link that leads out of the media root"), "\(error)")
        }
        // Even beyond the frames asked for: FFmpeg probes past the last one to find the end.
        XCTAssertThrowsError(try resolver.resolve("sequence:shot/beauty.%04d.png?first=1001&rate=24&count=2")) { error in
            XCTAssertTrue("\(error)".contains("beauty.1005.png, a link that leads out"), "\(error)")
        }
        XCTAssertThrowsError(try resolver.resolve("sequence:nowhere/beauty.%04d.png?rate=24")) { error in
            XCTAssertTrue("\(error)".contains("folder that does not exist"), "\(error)")
        }
    }

    /// A sequence plays as a clip: its `sourceRange` in the sequence's own time (frame `first` at 0),
    /// each output frame the file the range names, at the sequence's rate whatever the output's.
    func testASequencePlaysItsFramesAsAClip() throws {
        let ws = try Workspace()
        try Self.frames(ws, "shot")
        let spec = #"{ "version": 1, "output": { "width": 32, "height": 32, "frameRate": 12 }, "timeline": { "videos": [ { "src": "sequence:shot/beauty.%04d.png?first=1001&rate=24", "sourceRange": { "start": 0.5, "duration": 1 } } ] } }"#
        let plan = try ws.plan(spec)
        XCTAssertEqual(plan.frameCount, 12)
        let got = try OTIOTests.lumas(try ws.render(spec))
        XCTAssertEqual(got.count, 12)
        for (i, l) in got.enumerated() {
            // Output frame i at 12 fps is media time 0.5 + i/12: sequence frame 12 + 2i.
            XCTAssertEqual(Double(l), Self.coded(20 + 3 * (12 + 2 * i)), accuracy: 2, "output frame \(i)")
        }
        let probed = try MediaProbe.probe(path: SourceResolver(mediaRoot: ws.root).resolve("sequence:shot/beauty.%04d.png?first=1001&rate=24"))
        XCTAssertFalse(probed.isStill, "a sequence is a clip")
        XCTAssertEqual(probed.video?.duration, Time(value: 2, timescale: 1), "48 frames at 24 fps")
    }
    /// A sequence ends at its `count`, though the folder's run of files goes on: the frames after it
    /// are not played, and a file there that is no picture at all does not fail the render.
    func testASequenceEndsAtItsCount() throws {
        let ws = try Workspace()
        try Self.frames(ws, "shot", count: 24)
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: ws.path("shot/beauty.1009.png")))
        let src = "sequence:shot/beauty.%04d.png?first=1001&rate=24&count=8"
        let probed = try MediaProbe.probe(path: SourceResolver(mediaRoot: ws.root).resolve(src))
        XCTAssertEqual(probed.duration, Time(value: 1, timescale: 3), "8 frames at 24 fps")
        let spec = #"{ "version": 1, "output": { "width": 32, "height": 32, "frameRate": 24 }, "timeline": { "videos": [ { "src": "\#(src)" } ] } }"#
        XCTAssertEqual(try ws.plan(spec).frameCount, 8)
        let got = try OTIOTests.lumas(try ws.render(spec))
        XCTAssertEqual(got.count, 8)
        for (i, l) in got.enumerated() {
            XCTAssertEqual(Double(l), Self.coded(20 + 3 * i), accuracy: 2, "output frame \(i)")
        }
    }

    /// At an NTSC rate the sequence's length is exact: 48 frames at 24000/1001 are 2.002 s, not a
    /// microsecond count.
    func testASequenceLastsItsFramesAtItsRateExactly() throws {
        let ws = try Workspace()
        try Self.frames(ws, "shot", count: 7)
        let probed = try MediaProbe.probe(path: SourceResolver(mediaRoot: ws.root).resolve("sequence:shot/beauty.%04d.png?first=1001&rate=24000/1001"))
        XCTAssertEqual(probed.duration, Time(value: 7 * 1001, timescale: 24000))
    }
}
