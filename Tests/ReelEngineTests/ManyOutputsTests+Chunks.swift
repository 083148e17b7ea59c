import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// A job with `outputs` cut into chunks (`MultiRenderer+Chunks`): each chunk renders every moving
/// output's pieces from pictures drawn once per canvas, the join copies each output's pieces into
/// its file and renders the stills; every output is then what the whole render gives, frame for
/// frame (lossless video) and sample for sample in count. Cut only where every output may start a
/// chunk, and only outputs that can be cut alone, at one rate (a loudness target is no bar:
/// ChunkedJobTests; a progressive output is joined as the chunks come: ProgressiveHLSTests).
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

    func testOutputsThatCannotAllBeCutAreRenderedWhole() throws {
        let ws = try workspace()
        let mp4 = cutOutputs[0]
        for other in [("webm", #"{ "format": "webm", "width": 320, "height": 180 }"#, "webm"),
                      ("slower", #"{ "format": "mp4", "width": 320, "height": 180, "frameRate": 15 }"#, "mp4")] {
            let renderer = MultiRenderer(members: try members(ws, [mp4, other]))
            XCTAssertFalse(renderer.canRenderInChunks, other.0)
            XCTAssertEqual(renderer.chunkRanges(seconds: 1), [0..<60], other.0)
        }
        XCTAssertFalse(MultiRenderer(members: try members(ws, [cutOutputs[3]])).canRenderInChunks, "stills alone: nothing to cut")
    }
}
