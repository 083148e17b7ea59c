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
    /// `ladderRange`: a `range` member for the ladder (its JSON, with a leading comma), or none;
    /// `fileKeyframes`: the MP4's keyframe interval in seconds (its default 2 s where nil).
    func progressiveMembers(_ ws: Workspace, ladderRange: String = "", fileKeyframes: Int? = nil) throws -> [MultiRenderer.Member] {
        let ladder = Self.spec.replacingOccurrences(of: "PROGRESSIVE", with: #", "progressive": true"#)
            .replacingOccurrences(of: #""frameRate": 10,"#, with: #""frameRate": 10\#(ladderRange),"#)
        let file = Self.spec.replacingOccurrences(of: #""format": "hls""#, with: #""format": "mp4""#)
            .replacingOccurrences(of: #",\s*"hls": \{.*PROGRESSIVE \}"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #""crf": 0"#, with: #""crf": 0\#(fileKeyframes.map { #", "keyframeInterval": \#($0)"# } ?? "")"#)
        return try [("file", file), ("live", ladder)].map { name, json in
            MultiRenderer.Member(name: name, output: try SpecDecoder.decode(Array(json.utf8)).get().output, plan: try ws.plan(json))
        }
    }

    /// The chunks `ranges` of the progressive ladder and MP4 of `progressiveMembers` rendered in
    /// order and joined as they come (`OutputsChunkJoin`): the MP4 to `file.mp4`, the ladder to
    /// `live/`, published through a recorder; `afterEach` runs after each chunk is joined. Returns
    /// the join (to finish), the recorder, and the segments it was given after each chunk.
    func joinAsTheyCome(_ renderer: MultiRenderer, _ ranges: [Range<Int64>], _ ws: Workspace,
                        afterEach: () -> Void = {}) throws -> (OutputsChunkJoin, RecordingOutput, [Int]) {
        try FileManager.default.createDirectory(atPath: ws.path("pieces"), withIntermediateDirectories: false)
        let piece = { (i: Int, name: String) in
            MultiRenderer.Pieces(video: ws.path("pieces/video-\(i)-\(name).packets"), audio: ws.path("pieces/audio-\(i)-\(name).packets"))
        }
        let live = RecordingOutput(location: ws.path("live"))
        let join = try OutputsChunkJoin(renderer, paths: ["file": ws.path("file.mp4"), "live": ws.path("live")], live: ["live": live],
                                        started: .now())
        var putsAfter: [Int] = []
        for (i, frames) in ranges.enumerated() {
            let mine = Dictionary(uniqueKeysWithValues: join.outputs.map { ($0, piece(i, $0)) })
            try renderer.renderChunk(frames, pieces: mine)
            try join.append(mine)
            putsAfter.append(live.recorded.filter { $0.name.hasSuffix(".m4s") }.count)
            afterEach()
        }
        return (join, live, putsAfter)
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

extension ProgressiveHLSTests {
    /// Cut into chunks, the progressive ladder among the outputs is joined chunk by chunk as they
    /// come (`OutputsChunkJoin`), published as it grows, its first two chunks one boundary each; the
    /// MP4 beside it is joined at the end; both are what the whole render gives.
    func testAProgressiveOutputAmongChunkedOutputsGrowsChunkByChunk() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6", "-c:a", "pcm_s16le", ws.path("tone.wav")])
        let renderer = MultiRenderer(members: try progressiveMembers(ws))
        XCTAssertTrue(renderer.canRenderInChunks)
        XCTAssertTrue(renderer.isProgressive)
        // The MP4's GOP is 2 s (20 frames), the ladder's segments 1 s: chunks may start every 2 s.
        XCTAssertEqual(renderer.chunkStarts(), [0, 20, 40])
        let ranges = renderer.chunkRanges(seconds: 1)
        XCTAssertEqual(ranges, [0..<20, 20..<40, 40..<60], "a boundary each, the first two too")
        let (join, live, putsAfter) = try joinAsTheyCome(renderer, ranges, ws) {
            XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path("file.mp4")), "the MP4 appears at the end")
        }
        XCTAssertEqual(join.outputs, ["file", "live"])
        let folder = ws.path("live"), file = ws.path("file.mp4")
        XCTAssertGreaterThan(putsAfter[0], 0, "segments visible after the first chunk")
        XCTAssertEqual(putsAfter, putsAfter.sorted(), "and more after each")
        try join.finish()
        XCTAssertNotNil(renderer.firstSegmentSeconds["live"])
        XCTAssertEqual(renderer.frameCounts.mapValues(\.encoded), ["file": 60, "live": 60])
        try Self.checkPuts(live.recorded, folder: folder, playlists: ["video_64p.m3u8", "video_32p.m3u8", "audio.m3u8"])

        let whole = MultiRenderer(members: try progressiveMembers(ws))
        try whole.render(to: ["file": ws.path("whole.mp4"), "live": ws.path("whole")])
        for name in ["video_64p.m3u8", "video_32p.m3u8"] {
            XCTAssertEqual(try framemd5(folder + "/" + name), try framemd5(ws.path("whole/" + name)), name)
        }
        XCTAssertEqual(try framemd5(file, stream: "v:0"), try framemd5(ws.path("whole.mp4"), stream: "v:0"), "the MP4")
    }

    /// A progressive ladder of 1–6 s beside an MP4 of the whole 6 s (a keyframe a second), cut into
    /// chunks of about 2 s: the ladder has nothing in the first chunk (0–1 s), its first two pieces
    /// are a segment each (1–2 s and 2–3 s: small from its start, not from the job's), so its
    /// first segment is shown after the third chunk (a segment ends when the next one's first
    /// packet arrives) and it grows segment by segment; both are what the whole render gives.
    func testAProgressiveOutputOfItsOwnRangeGrowsFromItsFirstChunk() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6", "-c:a", "pcm_s16le", ws.path("tone.wav")])
        let range = #", "range": { "start": 1, "duration": 5 }"#
        let renderer = MultiRenderer(members: try progressiveMembers(ws, ladderRange: range, fileKeyframes: 1))
        XCTAssertEqual(renderer.members[1].plan.frameCount, 50)
        XCTAssertEqual(renderer.chunkStarts(), [0, 10, 20, 30, 40, 50])
        let ranges = renderer.chunkRanges(seconds: 2)
        XCTAssertEqual(ranges, [0..<10, 10..<20, 20..<30, 30..<50, 50..<60])
        XCTAssertEqual(ranges.map { renderer.frames($0, of: renderer.members[1].plan) }, [0..<0, 0..<10, 10..<20, 20..<40, 40..<50])
        let (join, live, putsAfter) = try joinAsTheyCome(renderer, ranges, ws)
        let folder = ws.path("live"), file = ws.path("file.mp4")
        XCTAssertEqual(Array(putsAfter.prefix(2)), [0, 0], "nothing of the ladder in the first chunk, its first segment open after the second")
        XCTAssertGreaterThan(putsAfter[2], 0, "its first segment shown after the third")
        XCTAssertEqual(putsAfter, putsAfter.sorted(), "and more after each")
        try join.finish()
        XCTAssertEqual(renderer.frameCounts.mapValues(\.encoded), ["file": 60, "live": 50])
        try Self.checkPuts(live.recorded, folder: folder, playlists: ["video_64p.m3u8", "video_32p.m3u8", "audio.m3u8"])

        try MultiRenderer(members: try progressiveMembers(ws, ladderRange: range, fileKeyframes: 1)).render(to: ["file": ws.path("whole.mp4"), "live": ws.path("whole")])
        for name in ["video_64p.m3u8", "video_32p.m3u8"] {
            let ours = try framemd5(folder + "/" + name)
            XCTAssertEqual(ours.count, 50, name)
            XCTAssertEqual(ours, try framemd5(ws.path("whole/" + name)), name)
        }
        // Its audio joined at each chunk: the whole render's within the codec's noise (two AAC encodes).
        let audio = try Tools.samples(folder + "/audio.m3u8", channels: 2)
        XCTAssertGreaterThan(audio[0].count, 5 * 47_000)
        ChunkedAudioTests.assertCloseToCodecNoise(audio, try Tools.samples(ws.path("whole/audio.m3u8"), channels: 2))
        XCTAssertEqual(try framemd5(file, stream: "v:0"), try framemd5(ws.path("whole.mp4"), stream: "v:0"), "the MP4")
    }
}
