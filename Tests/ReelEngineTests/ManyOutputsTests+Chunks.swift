import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// A job with `outputs` cut into chunks (`MultiRenderer+Chunks`): each chunk renders every moving
/// output's pieces from pictures drawn once per canvas, the join copies each output's pieces into
/// its file and renders the stills; every output is then what the whole render gives, frame for
/// frame (lossless video) and sample for sample in count. Cut only where every output may start a
/// chunk, and only outputs that can be cut alone (of several frame rates, at the instants each has
/// a frame at; of several ranges, each with empty pieces where a chunk lies outside it; a loudness
/// target is no bar: ChunkedJobTests; a progressive output is joined as the chunks come:
/// ProgressiveHLSTests).
extension ManyOutputsTests {
    /// An MP4 with a keyframe a second, the same pictures as an HLS ladder of 1 s segments (a
    /// segment start each second), a smaller MOV, and a poster.
    var cutOutputs: [(name: String, output: String, ext: String)] {
        [("big", #"{ "format": "mp4", "width": 320, "height": 180, "video": { "crf": 0, "keyframeInterval": 1 } }"#, "mp4"),
         ("ladder", #"{ "format": "hls", "width": 320, "height": 180, "video": { "crf": 0 }, "hls": { "segmentDuration": 1, "renditions": [ { "height": 180 }, { "height": 90 } ] } }"#, "hls"),
         ("small", #"{ "format": "mov", "width": 160, "height": 90, "video": { "crf": 0, "keyframeInterval": 0.5 } }"#, "mov"),
         ("poster", #"{ "format": "jpg", "width": 320, "height": 180, "time": 1.5 }"#, "jpg")]
    }

    func members(_ ws: Workspace, _ list: [(name: String, output: String, ext: String)]) throws -> [MultiRenderer.Member] {
        try list.map { o in
            let json = spec(o.output)
            return MultiRenderer.Member(name: o.name, output: try SpecDecoder.decode(Array(json.utf8)).get().output, plan: try ws.plan(json))
        }
    }

    func testChunksOfEveryOutputJoinIntoWhatTheWholeRenderGives() throws {
        let ws = try workspace()
        let renderer = MultiRenderer(members: try members(ws, cutOutputs))
        XCTAssertTrue(renderer.canRenderInChunks)
        XCTAssertEqual(renderer.cutMembers.map(\.name), ["big", "ladder", "small"])
        XCTAssertEqual(renderer.chunkStarts(), [0, 30], "the MP4's GOPs (0, 30), the ladder's segments (0, 30) and the MOV's (0, 15, 30, 45) meet at 0 and 1 s")
        let ranges = renderer.chunkRanges(seconds: 1)
        XCTAssertEqual(ranges, [0..<30, 30..<60])
        XCTAssertEqual(renderer.chunkRanges(seconds: 0), [0..<60])
        XCTAssertEqual(renderer.chunkRanges(seconds: 5), [0..<60], "not longer than a chunk")

        try FileManager.default.createDirectory(atPath: ws.path("pieces"), withIntermediateDirectories: false)
        let piece = { (i: Int, name: String) in
            MultiRenderer.Pieces(video: ws.path("pieces/video-\(i)-\(name).packets"), audio: ws.path("pieces/audio-\(i)-\(name).packets"))
        }
        var reported: [Double] = []
        for (i, frames) in ranges.enumerated() {
            let mine = Dictionary(uniqueKeysWithValues: renderer.cutMembers.map { ($0.name, piece(i, $0.name)) })
            try renderer.renderChunk(frames, pieces: mine) { reported.append($0) }
        }
        XCTAssertEqual(reported.last, 1)
        XCTAssertEqual(renderer.pictureStagesStarted, 2, "the last chunk's: one per size")
        XCTAssertEqual(renderer.clipDecoders.shared, 1, "the two sizes of the last chunk drawn from one decode of the clip")
        XCTAssertEqual(renderer.clipDecoders.alone, 0)
        XCTAssertEqual(renderer.audioEncodersOpened, 1, "the three outputs' audio alike: one piece encoded, copied for the others")
        for name in ["ladder", "small"] {
            XCTAssertEqual(FileManager.default.contents(atPath: piece(1, name).audio), FileManager.default.contents(atPath: piece(1, "big").audio), name)
        }
        let joined = Dictionary(uniqueKeysWithValues: cutOutputs.map { ($0.name, ws.path("joined-\($0.name).\($0.ext)")) })
        try renderer.joinChunks(Dictionary(uniqueKeysWithValues: renderer.cutMembers.map { m in (m.name, ranges.indices.map { piece($0, m.name) }) }),
                                to: joined)
        XCTAssertEqual(renderer.frameCounts.mapValues(\.encoded), ["big": 60, "ladder": 60, "small": 60, "poster": 1])

        // The same outputs rendered whole, in one pass.
        let whole = Dictionary(uniqueKeysWithValues: cutOutputs.map { ($0.name, ws.path("whole-\($0.name).\($0.ext)")) })
        try MultiRenderer(members: try members(ws, cutOutputs)).render(to: whole)
        let videos: [(name: String, file: String, width: Int, height: Int)] = [
            ("big", "", 320, 180), ("ladder", "/video_180p.m3u8", 320, 180), ("ladder", "/video_90p.m3u8", 160, 90),
            ("small", "", 160, 90), ("poster", "", 320, 180)]
        for v in videos {
            let ours = try Tools.lumaFrames(joined[v.name]! + v.file, width: v.width, height: v.height)
            let theirs = try Tools.lumaFrames(whole[v.name]! + v.file, width: v.width, height: v.height)
            XCTAssertEqual(ours.count, v.name == "poster" ? 1 : 60, "\(v.name)\(v.file)")
            XCTAssertEqual(ours.count, theirs.count, "\(v.name)\(v.file)")
            for (k, (a, b)) in zip(ours, theirs).enumerated() where a != b {
                XCTFail("\(v.name)\(v.file) frame \(k): \(PassthroughTests.psnr(a, b)) dB from the whole render's")
                break
            }
        }
        for (name, audio) in [("big", ""), ("ladder", "/audio.m3u8"), ("small", "")] {
            let ours = try Tools.samples(joined[name]! + audio, channels: 2), theirs = try Tools.samples(whole[name]! + audio, channels: 2)
            XCTAssertEqual(ours[0].count, theirs[0].count, name)
            XCTAssertGreaterThan(ours[0].count, 90_000, "\(name): 2 s of audio")
        }
        // Keyframes where each output wants them: the MOV's every half second, across the cut too.
        let keys = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts,flags", "-of", "csv=p=0",
                                             joined["small"]!]).text.split(separator: "\n").filter { $0.hasSuffix("K") || $0.contains(",K") }
        XCTAssertEqual(keys.count, 4, "\(keys)")
    }

    /// Outputs at 30, 15 and 20 fps (keyframes every 1, 1 and 0.5 s) are cut where all three have a
    /// frame and a keyframe: at 1 s (the lead's frame 30, the others' 15 and 20); each chunk draws
    /// the same instants in each output's own frames, and each joined output is its whole render.
    func testOutputsOfSeveralFrameRatesAreCutAtInstantsEachHasAFrameAt() throws {
        let ws = try workspace()
        let list: [(name: String, output: String, ext: String)] = [
            ("thirty", #"{ "format": "mp4", "width": 320, "height": 180, "video": { "crf": 0, "keyframeInterval": 1 } }"#, "mp4"),
            ("fifteen", #"{ "format": "mp4", "width": 320, "height": 180, "frameRate": 15, "video": { "crf": 0, "keyframeInterval": 1 } }"#, "mp4"),
            ("twenty", #"{ "format": "mov", "width": 160, "height": 90, "frameRate": 20, "video": { "crf": 0, "keyframeInterval": 0.5 } }"#, "mov"),
        ]
        let renderer = MultiRenderer(members: try members(ws, list))
        XCTAssertTrue(renderer.canRenderInChunks)
        XCTAssertEqual(renderer.chunkStarts(), [0, 30], "1 s: the only instant but 0 where all three start a GOP")
        let ranges = renderer.chunkRanges(seconds: 1)
        XCTAssertEqual(ranges, [0..<30, 30..<60])
        XCTAssertEqual(renderer.members.map { renderer.frames(30..<60, of: $0.plan) }, [30..<60, 15..<30, 20..<40])
        try FileManager.default.createDirectory(atPath: ws.path("pieces"), withIntermediateDirectories: false)
        let piece = { (i: Int, name: String) in
            MultiRenderer.Pieces(video: ws.path("pieces/video-\(i)-\(name).packets"), audio: ws.path("pieces/audio-\(i)-\(name).packets"))
        }
        for (i, frames) in ranges.enumerated() {
            try renderer.renderChunk(frames, pieces: Dictionary(uniqueKeysWithValues: list.map { ($0.name, piece(i, $0.name)) }))
        }
        XCTAssertEqual(renderer.pictureStagesStarted, 3, "a canvas per rate and size")
        let joined = Dictionary(uniqueKeysWithValues: list.map { ($0.name, ws.path("joined-\($0.name).\($0.ext)")) })
        try renderer.joinChunks(Dictionary(uniqueKeysWithValues: list.map { o in (o.name, ranges.indices.map { piece($0, o.name) }) }), to: joined)
        XCTAssertEqual(renderer.frameCounts.mapValues(\.encoded), ["thirty": 60, "fifteen": 30, "twenty": 40])
        let whole = Dictionary(uniqueKeysWithValues: list.map { ($0.name, ws.path("whole-\($0.name).\($0.ext)")) })
        try MultiRenderer(members: try members(ws, list)).render(to: whole)
        for (name, w, h, count) in [("thirty", 320, 180, 60), ("fifteen", 320, 180, 30), ("twenty", 160, 90, 40)] {
            let ours = try Tools.lumaFrames(joined[name]!, width: w, height: h), theirs = try Tools.lumaFrames(whole[name]!, width: w, height: h)
            XCTAssertEqual(ours.count, count, name)
            XCTAssertEqual(ours.count, theirs.count, name)
            for (k, (a, b)) in zip(ours, theirs).enumerated() where a != b {
                XCTFail("\(name) frame \(k): \(PassthroughTests.psnr(a, b)) dB from the whole render's")
                break
            }
            let samples = try Tools.samples(joined[name]!, channels: 2), wholeSamples = try Tools.samples(whole[name]!, channels: 2)
            XCTAssertEqual(samples[0].count, wholeSamples[0].count, "\(name): samples")
            XCTAssertGreaterThan(samples[0].count, 90_000, "\(name): 2 s of audio")
        }
    }

    func testOutputsThatCannotAllBeCutAreRenderedWhole() throws {
        let ws = try workspace()
        let mp4 = cutOutputs[0]
        for other in [("webm", #"{ "format": "webm", "width": 320, "height": 180 }"#, "webm")] {
            let renderer = MultiRenderer(members: try members(ws, [mp4, other]))
            XCTAssertFalse(renderer.canRenderInChunks, other.0)
            XCTAssertEqual(renderer.chunkRanges(seconds: 1), [0..<60], other.0)
        }
        XCTAssertFalse(MultiRenderer(members: try members(ws, [cutOutputs[3]])).canRenderInChunks, "stills alone: nothing to cut")
    }

    /// The whole 2 s as an MP4 (keyframes every 0.5 s), a teaser MOV of 0.5–1.5 s and an HLS ladder
    /// of 1–2 s at 15 fps (one 1 s segment), and a poster: cut at 1 s, the one instant past 0 where
    /// the MP4 starts a GOP, the teaser a GOP of its own (its frame 15) and the ladder its first
    /// segment; the ladder has nothing in the first chunk. Each output joined from its pieces is
    /// its whole render, frame for frame and sample for sample in count.
    func testOutputsOfDifferentRangesAreCutTogether() throws {
        let ws = try workspace()
        let list: [(name: String, output: String, ext: String)] = [
            ("whole", #"{ "format": "mp4", "width": 320, "height": 180, "video": { "crf": 0, "keyframeInterval": 0.5 } }"#, "mp4"),
            ("teaser", #"{ "format": "mov", "width": 160, "height": 90, "range": { "start": 0.5, "duration": 1 }, "video": { "crf": 0, "keyframeInterval": 0.5 } }"#, "mov"),
            ("tail", #"{ "format": "hls", "width": 320, "height": 180, "frameRate": 15, "range": { "start": 1, "duration": 1 }, "video": { "crf": 0 }, "hls": { "segmentDuration": 1, "renditions": [ { "height": 180 }, { "height": 90 } ] } }"#, "hls"),
            ("poster", #"{ "format": "jpg", "width": 320, "height": 180, "time": 1.5 }"#, "jpg"),
        ]
        let renderer = MultiRenderer(members: try members(ws, list))
        XCTAssertTrue(renderer.canRenderInChunks)
        XCTAssertEqual(renderer.chunkFrames, 60, "the span is the whole MP4's")
        XCTAssertEqual(renderer.chunkStarts(), [0, 15, 30],
                       "0.5 s: the teaser's start, the ladder's not begun; 1 s: every output's GOP or segment; 1.5 s is inside the ladder's segment")
        let ranges = renderer.chunkRanges(seconds: 1)
        XCTAssertEqual(ranges, [0..<30, 30..<60])
        let own = { (name: String) in ranges.map { renderer.frames($0, of: renderer.members.first { $0.name == name }!.plan) } }
        XCTAssertEqual(own("whole"), [0..<30, 30..<60])
        XCTAssertEqual(own("teaser"), [0..<15, 15..<30])
        XCTAssertEqual(own("tail"), [0..<0, 0..<15], "no frame of the ladder in the first chunk")

        try FileManager.default.createDirectory(atPath: ws.path("pieces"), withIntermediateDirectories: false)
        let cut = renderer.cutMembers.map(\.name)
        let piece = { (i: Int, name: String) in
            MultiRenderer.Pieces(video: ws.path("pieces/video-\(i)-\(name).packets"), audio: ws.path("pieces/audio-\(i)-\(name).packets"))
        }
        for (i, frames) in ranges.enumerated() {
            try renderer.renderChunk(frames, pieces: Dictionary(uniqueKeysWithValues: cut.map { ($0, piece(i, $0)) }))
            if i == 0 { XCTAssertEqual(renderer.audioEncodersOpened, 2, "the ladder's empty audio piece encodes nothing") }
        }
        for kind in [piece(0, "tail").video, piece(0, "tail").audio] {
            XCTAssertEqual(FileManager.default.contents(atPath: kind), Data(PacketFileWriter.magic), "an empty piece is a packet file of no packets")
        }
        let joined = Dictionary(uniqueKeysWithValues: list.map { ($0.name, ws.path("joined-\($0.name).\($0.ext)")) })
        try renderer.joinChunks(Dictionary(uniqueKeysWithValues: cut.map { name in (name, ranges.indices.map { piece($0, name) }) }), to: joined)
        XCTAssertEqual(renderer.frameCounts.mapValues(\.encoded), ["whole": 60, "teaser": 30, "tail": 15, "poster": 1])

        let whole = Dictionary(uniqueKeysWithValues: list.map { ($0.name, ws.path("whole-\($0.name).\($0.ext)")) })
        try MultiRenderer(members: try members(ws, list)).render(to: whole)
        let videos: [(name: String, file: String, width: Int, height: Int, count: Int)] = [
            ("whole", "", 320, 180, 60), ("teaser", "", 160, 90, 30), ("tail", "/video_180p.m3u8", 320, 180, 15),
            ("tail", "/video_90p.m3u8", 160, 90, 15), ("poster", "", 320, 180, 1)]
        for v in videos {
            let ours = try Tools.lumaFrames(joined[v.name]! + v.file, width: v.width, height: v.height)
            let theirs = try Tools.lumaFrames(whole[v.name]! + v.file, width: v.width, height: v.height)
            XCTAssertEqual(ours.count, v.count, "\(v.name)\(v.file)")
            XCTAssertEqual(ours.count, theirs.count, "\(v.name)\(v.file)")
            for (k, (a, b)) in zip(ours, theirs).enumerated() where a != b {
                XCTFail("\(v.name)\(v.file) frame \(k): \(PassthroughTests.psnr(a, b)) dB from the whole render's")
                break
            }
        }
        for (name, audio, seconds) in [("whole", "", 2), ("teaser", "", 1), ("tail", "/audio.m3u8", 1)] {
            let ours = try Tools.samples(joined[name]! + audio, channels: 2), theirs = try Tools.samples(whole[name]! + audio, channels: 2)
            XCTAssertEqual(ours[0].count, theirs[0].count, name)
            XCTAssertGreaterThan(ours[0].count, seconds * 44_000, "\(name): \(seconds) s of audio")
        }

        // A 10 fps output starting between two of the whole's frames (0.55 s), named first: the
        // clock is the whole's frames (the longest range), and it is cut only outside the other.
        let odd = [("odd", #"{ "format": "mp4", "width": 160, "height": 90, "frameRate": 10, "range": { "start": 0.55, "duration": 1 }, "video": { "keyframeInterval": 0.5 } }"#, "mp4"),
                   list[0]]
        let oddRenderer = MultiRenderer(members: try members(ws, odd))
        XCTAssertEqual(oddRenderer.chunkFrames, 60)
        XCTAssertEqual(oddRenderer.chunkStarts(), [0, 15, 45],
                       "15 (0.5 s): before its start; 45 (1.5 s): inside its last frame (1.45–1.55 s), which the chunk before holds")
        XCTAssertEqual(oddRenderer.frames(15..<45, of: oddRenderer.members[0].plan), 0..<10)
    }

    /// An intro (0–0.5 s) and an outro (3.5–4 s) of a 4 s timeline, cut into 1 s chunks: the two
    /// chunks between them, where neither has a frame, are joined to the outro's.
    func testChunksWhereNoOutputHasAFrameJoinTheNext() throws {
        let ws = try workspace()
        let timeline = ##"{ "videos": [ { "src": "clip.mp4" }, { "src": "clip.mp4" } ] }"##
        let list = [("intro", #"{ "format": "mp4", "width": 160, "height": 90, "range": { "start": 0, "duration": 0.5 }, "video": { "crf": 0 } }"#),
                    ("outro", #"{ "format": "mp4", "width": 160, "height": 90, "range": { "start": 3.5, "duration": 0.5 }, "video": { "crf": 0 } }"#)]
        let members = try list.map { name, output in
            let json = #"{ "version": 1, "output": \#(output), "timeline": \#(timeline) }"#
            return MultiRenderer.Member(name: name, output: try SpecDecoder.decode(Array(json.utf8)).get().output, plan: try ws.plan(json))
        }
        let renderer = MultiRenderer(members: members)
        XCTAssertEqual(renderer.chunkFrames, 120)
        let ranges = renderer.chunkRanges(seconds: 1)
        XCTAssertEqual(ranges, [0..<30, 30..<120], "1–2 s and 2–3 s hold no frame of either")
        XCTAssertEqual(ranges.map { renderer.frames($0, of: members[1].plan) }, [0..<0, 0..<15])
        try FileManager.default.createDirectory(atPath: ws.path("pieces"), withIntermediateDirectories: false)
        let piece = { (i: Int, name: String) in
            MultiRenderer.Pieces(video: ws.path("pieces/video-\(i)-\(name).packets"), audio: ws.path("pieces/audio-\(i)-\(name).packets"))
        }
        for (i, frames) in ranges.enumerated() {
            try renderer.renderChunk(frames, pieces: Dictionary(uniqueKeysWithValues: list.map { ($0.0, piece(i, $0.0)) }))
        }
        let joined = Dictionary(uniqueKeysWithValues: list.map { ($0.0, ws.path("joined-\($0.0).mp4")) })
        try renderer.joinChunks(Dictionary(uniqueKeysWithValues: list.map { o in (o.0, ranges.indices.map { piece($0, o.0) }) }), to: joined)
        let whole = Dictionary(uniqueKeysWithValues: list.map { ($0.0, ws.path("whole-\($0.0).mp4")) })
        try MultiRenderer(members: members).render(to: whole)
        for (name, _) in list {
            let ours = try Tools.lumaFrames(joined[name]!, width: 160, height: 90), theirs = try Tools.lumaFrames(whole[name]!, width: 160, height: 90)
            XCTAssertEqual(ours.count, 15, name)
            XCTAssertEqual(ours, theirs, name)
        }
    }
}
