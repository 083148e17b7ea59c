import Foundation
@testable import ReelEngine
import ReelSpec
import ReelStorage
import XCTest

/// A progressive HLS output among a job's `outputs` (`MultiRenderer`): drawn with the outputs of its
/// pictures, written in its own folder and published as it grows, as the same output alone is;
/// a put that fails takes every output with it.
extension ProgressiveHLSTests {
    /// The progressive ladder of `spec` and an MP4 of the same pictures, the members of one job.
    func progressiveMembers(_ ws: Workspace) throws -> [MultiRenderer.Member] {
        let ladder = Self.spec.replacingOccurrences(of: "PROGRESSIVE", with: #", "progressive": true"#)
        let file = Self.spec.replacingOccurrences(of: #""format": "hls""#, with: #""format": "mp4""#)
            .replacingOccurrences(of: #",\s*"hls": \{.*PROGRESSIVE \}"#, with: "", options: .regularExpression)
        return try [("file", file), ("live", ladder)].map { name, json in
            MultiRenderer.Member(name: name, output: try SpecDecoder.decode(Array(json.utf8)).get().output, plan: try ws.plan(json))
        }
    }

    func testAProgressiveOutputAmongOutputsIsPublishedAsItRenders() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6", "-c:a", "pcm_s16le", ws.path("tone.wav")])
        let members = try progressiveMembers(ws)
        XCTAssertEqual(members.map(\.plan.format), [.mp4, .hls])
        XCTAssertTrue(members[1].plan.isProgressive)
        let renderer = MultiRenderer(members: members)
        XCTAssertEqual(renderer.sharedGroups.map { $0.map(\.name) }, [["file", "live"]], "the ladder draws with the MP4")
        let folder = ws.path("live"), file = ws.path("file.mp4")
        let live = RecordingOutput(location: folder)
        try renderer.render(to: ["file": file, "live": folder], live: ["live": live])
        XCTAssertEqual(renderer.pictureStagesStarted, 1)
        XCTAssertNotNil(renderer.firstSegmentSeconds["live"], "the moment it became playable is known")
        XCTAssertNil(renderer.firstSegmentSeconds["file"])
        try Self.checkPuts(live.recorded, folder: folder, playlists: ["video_64p.m3u8", "video_32p.m3u8", "audio.m3u8"])
        let left = try FileManager.default.contentsOfDirectory(atPath: ws.root).filter { $0.hasPrefix(".") }
        XCTAssertEqual(left, [], "written in place: no partial folder")

        // Each output is what it renders alone: the same frames, decoded.
        let whole = try ws.render(Self.spec.replacingOccurrences(of: "PROGRESSIVE", with: #", "progressive": true"#), to: "alone")
        for name in ["video_64p.m3u8", "video_32p.m3u8", "audio.m3u8"] {
            XCTAssertEqual(try framemd5(folder + "/" + name), try framemd5(whole + "/" + name), name)
        }
        let mp4Alone = ws.path("alone.mp4")
        try Renderer(plan: members[0].plan).render(to: mp4Alone)
        let frames = try framemd5(file, stream: "v:0")
        XCTAssertEqual(frames.count, 60)
        XCTAssertEqual(frames, try framemd5(mp4Alone, stream: "v:0"), "the MP4 beside it")
    }

    func testAFailedPutAmongOutputsLeavesNoOutput() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6", "-c:a", "pcm_s16le", ws.path("tone.wav")])
        let renderer = MultiRenderer(members: try progressiveMembers(ws))
        let folder = ws.path("live")
        XCTAssertThrowsError(try renderer.render(to: ["file": ws.path("file.mp4"), "live": folder],
                                                 live: ["live": Refusing(location: folder)])) { error in
            guard case RenderError.output(let path, let cause) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, folder, "the failure names the progressive output")
            XCTAssertTrue(cause is Refusing.Refused, "\(cause)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ws.root), ["tone.wav"], "no output, no folder, no partial")
    }
}
