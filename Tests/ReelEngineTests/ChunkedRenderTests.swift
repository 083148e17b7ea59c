import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// A render cut into chunks (each chunk's video and audio alone, joined by packet copy) against the
/// same spec rendered in one go, decoded by ffmpeg and ffprobe.
final class ChunkedRenderTests: XCTestCase {
    /// 4 s at 30 fps, a keyframe every 0.5 s (15 frames; ProRes: every frame): two clips with sound under a dissolve, chapters.
    static func spec(codec: String, format: String = "mp4") -> String {
        """
        { "version": 1,
          "output": { "format": "\(format)", "width": 160, "height": 90, "frameRate": 30,
                      "video": { "codec": "\(codec)"\(codec == "prores" ? "" : #", "keyframeInterval": 0.5, "crf": 20"#) },
                      "metadata": { "title": "chunks" },
                      "chapters": [ { "start": 0, "title": "One" }, { "start": 2, "title": "Two" } ] },
          "timeline": {
            "videos": [ { "src": "a.mp4", "sourceRange": { "start": 0, "duration": 2.5 } },
                        { "src": "a.mp4", "sourceRange": { "start": 0.3, "duration": 2 } } ],
            "transitions": [ { "type": "dissolve", "duration": 0.5 } ] } }
        """
    }

    func fixture(_ ws: Workspace) throws {
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=160x90:r=30:d=4", "-f", "lavfi",
                          "-i", "sine=frequency=440:sample_rate=48000:duration=4",
                          "-c:v", "libx264", "-qp", "10", "-c:a", "aac", "-shortest", ws.path("a.mp4")])
    }

    /// Renders `plan` in chunks of about `seconds`; returns the output path and the chunk count.
    func renderChunked(_ plan: RenderPlan, _ ws: Workspace, seconds: Int, to name: String) throws -> (String, Int) {
        let renderer = Renderer(plan: plan)
        let ranges = renderer.chunkRanges(seconds: seconds)
        var chunks: [String] = [], audio: [String] = []
        // Out of order, as workers would finish them.
        for (i, r) in ranges.enumerated().reversed() {
            let path = ws.path("chunk-\(i).packets")
            try renderer.renderVideoChunk(r, to: path)
            chunks.insert(path, at: 0)
            audio.insert(ws.path("audio-\(i).packets"), at: 0)
            try renderer.renderAudioChunk(r, to: audio[0])
        }
        try renderer.joinChunks(chunks, audio: audio, to: ws.path(name))
        return (ws.path(name), ranges.count)
    }

    /// ffprobe's packets of one stream: pts, dts, duration, keyframe flag.
    func packets(_ path: String, _ stream: String) throws -> [String] {
        let r = try Tools.run("ffprobe", ["-v", "error", "-select_streams", stream, "-show_entries",
                                          "packet=pts,dts,duration,flags", "-of", "csv=p=0", path])
        XCTAssertEqual(r.status, 0)
        return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// ffprobe's decoded frames of the video: pts and whether each is a keyframe.
    func frames(_ path: String) throws -> [String] {
        let r = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries",
                                          "frame=pts,key_frame,pict_type", "-of", "csv=p=0", path])
        XCTAssertEqual(r.status, 0)
        return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func assertChunkedMatchesWhole(codec: String, format: String = "mp4", file: StaticString = #filePath, line: UInt = #line) throws {
        let ws = try Workspace()
        try fixture(ws)
        let plan = try ws.plan(Self.spec(codec: codec, format: format))
        try Renderer(plan: plan).render(to: ws.path("whole.\(format)"))
        let (chunked, count) = try renderChunked(plan, ws, seconds: 1, to: "chunked.\(format)")
        XCTAssertEqual(count, 4, "4 s in chunks of 1 s", file: file, line: line)
        let whole = ws.path("whole.\(format)")

        let wf = try frames(whole), cf = try frames(chunked)
        XCTAssertEqual(wf.count, 120, file: file, line: line)
        XCTAssertEqual(cf.map { $0.split(separator: ",").prefix(2) }, wf.map { $0.split(separator: ",").prefix(2) },
                       "same frame count, pts and keyframes", file: file, line: line)
        let keys = wf.enumerated().filter { $0.element.hasPrefix("1,") }.map(\.offset)
        XCTAssertEqual(keys, Array(stride(from: 0, to: 120, by: plan.videoEncoding.gopSize)), "keyframes on the GOP grid only", file: file, line: line)
        XCTAssertEqual(try packets(chunked, "v").count, try packets(whole, "v").count, file: file, line: line)
        XCTAssertEqual(try packets(chunked, "v").map { $0.split(separator: ",").prefix(2) },
                       try packets(whole, "v").map { $0.split(separator: ",").prefix(2) }, "same pts and dts", file: file, line: line)
        XCTAssertEqual(try packets(chunked, "a").map { $0.split(separator: ",").prefix(3) },
                       try packets(whole, "a").map { $0.split(separator: ",").prefix(3) }, "audio packets at the same pts, dts and durations",
                       file: file, line: line)

        let wa = try Tools.samples(whole, channels: 2), ca = try Tools.samples(chunked, channels: 2)
        XCTAssertGreaterThan(wa[0].count, 4 * 48000 - 1024, file: file, line: line)
        XCTAssertEqual(ca[0].count, wa[0].count, "the same sample count", file: file, line: line)
        ChunkedAudioTests.assertCloseToCodecNoise(ca, wa, file: file, line: line)

        let wp = try Tools.yuvFrames(whole, width: 160, height: 90), cp = try Tools.yuvFrames(chunked, width: 160, height: 90)
        XCTAssertEqual(cp.count, wp.count, file: file, line: line)
        for (i, (a, b)) in zip(wp, cp).enumerated() {
            let diff = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            XCTAssertLessThan(Double(diff) / Double(a.count), 3.0, "frame \(i) within encoder tolerance", file: file, line: line)
        }

        let wprobe = try Tools.probe(whole), cprobe = try Tools.probe(chunked)
        XCTAssertEqual((cprobe["chapters"] as? [Any])?.count, 2, file: file, line: line)
        XCTAssertEqual(((cprobe["format"] as? [String: Any])?["tags"] as? [String: Any])?["title"] as? String, "chunks", file: file, line: line)
        XCTAssertEqual(Tools.stream(cprobe, "video")?["codec_tag_string"] as? String,
                       Tools.stream(wprobe, "video")?["codec_tag_string"] as? String, file: file, line: line)
        let left = try FileManager.default.contentsOfDirectory(atPath: ws.root).filter { $0.hasPrefix(".") }
        XCTAssertEqual(left, [], "no temporary file remains", file: file, line: line)
    }

    func testH264ChunkedRenderMatchesOneWorkerRender() throws {
        try assertChunkedMatchesWhole(codec: "h264")
    }

    func testHEVCChunkedRenderMatchesOneWorkerRender() throws {
        try assertChunkedMatchesWhole(codec: "hevc")
    }

    func testProResChunkedRenderMatchesOneWorkerRender() throws {
        try assertChunkedMatchesWhole(codec: "prores", format: "mov")
    }

    func testChunkRangesFollowTheGOPGrid() throws {
        let ws = try Workspace()
        try fixture(ws)
        let plan = try ws.plan(Self.spec(codec: "h264"))
        let r = Renderer(plan: plan)
        XCTAssertEqual(r.chunkRanges(seconds: 1), [0..<30, 30..<60, 60..<90, 90..<120])
        XCTAssertEqual(r.chunkRanges(seconds: 0), [0..<120], "0 disables chunking")
        XCTAssertEqual(r.chunkRanges(seconds: 4), [0..<120], "not longer than a chunk")
        // 3 s rounds to 90 frames; the 30 left over are a chunk of their own.
        XCTAssertEqual(r.chunkRanges(seconds: 3), [0..<90, 90..<120])
        let vp9 = Renderer(plan: try ws.plan(Self.spec(codec: "vp9", format: "webm")))
        XCTAssertFalse(vp9.canRenderInChunks)
        XCTAssertEqual(vp9.chunkRanges(seconds: 1), [0..<120])
        // Passthrough splices the whole output at once, and a transparent timeline is matted whole.
        let passthrough = Renderer(plan: try ws.plan(Self.spec(codec: "h264").replacingOccurrences(
            of: #""format": "mp4","#, with: #""format": "mp4", "preset": "passthrough","#)))
        XCTAssertFalse(passthrough.canRenderInChunks)
        let clear = Renderer(plan: try ws.plan(Self.spec(codec: "prores", format: "mov").replacingOccurrences(
            of: #""video": { "codec": "prores""#, with: ##""background": "#00000000", "video": { "codec": "prores", "profile": "4444""##)
            .replacingOccurrences(of: #""duration": 2.5 } },"#, with: ##""duration": 2.5 } }, { "color": "#00000000", "duration": 1 },"##)))
        XCTAssertFalse(clear.canRenderInChunks)
    }

    func testJoinRefusesAMissingChunk() throws {
        let ws = try Workspace()
        try fixture(ws)
        let plan = try ws.plan(Self.spec(codec: "h264"))
        let r = Renderer(plan: plan)
        let ranges = r.chunkRanges(seconds: 1)
        for (i, range) in ranges.enumerated() {
            try r.renderVideoChunk(range, to: ws.path("c\(i)"))
            try r.renderAudioChunk(range, to: ws.path("a\(i)"))
        }
        let audio = (0..<4).map { ws.path("a\($0)") }
        XCTAssertThrowsError(try r.joinChunks([ws.path("c0"), ws.path("c2"), ws.path("c3")], audio: [0, 2, 3].map { ws.path("a\($0)") },
                                              to: ws.path("out.mp4")))
        XCTAssertThrowsError(try r.joinChunks([ws.path("c1"), ws.path("c0"), ws.path("c2"), ws.path("c3")], audio: audio, to: ws.path("out.mp4")))
        // The video whole, but a chunk's audio missing from the track: a gap, refused by its samples.
        XCTAssertThrowsError(try r.joinChunks((0..<4).map { ws.path("c\($0)") }, audio: [audio[0], audio[2], audio[2], audio[3]],
                                              to: ws.path("out.mp4"))) { error in
            XCTAssertTrue("\(error)".contains("where sample"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path("out.mp4")))
    }
}
