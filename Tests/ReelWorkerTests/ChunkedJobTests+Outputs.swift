import Foundation
import ReelEngine
@testable import ReelWorker
import ReelStore
import ReelStorage
import StoreFixtures
import TestSupport
import XCTest

/// A job with `outputs` cut into chunks that two workers share: every chunk renders each moving
/// output's pieces, the join writes each output and the poster; each output is what rendering the
/// outputs whole gives (lossless video: the same decoded frames), with the same keyframes.
extension ChunkedJobTests {
    static let outputsSpec = ##"""
        { "version": 1, "outputs": [
            { "name": "file", "width": 160, "height": 90, "frameRate": 30, "video": { "keyframeInterval": 0.5, "crf": 0 } },
            { "name": "ladder", "format": "hls", "width": 160, "height": 90, "frameRate": 30, "video": { "crf": 0 },
              "hls": { "segmentDuration": 1, "renditions": [ { "height": 90 }, { "height": 46 } ] } },
            { "name": "poster", "format": "png", "width": 160, "height": 90, "time": 2.5 } ],
          "timeline": { "videos": [ { "src": "a.mp4" } ] } }
        """##

    /// Renders `spec` on a pool of two workers cutting 1 s chunks (their pieces meeting in
    /// `chunks`) until its job ends; the job and its store.
    func finishedOnTwoWorkers(_ spec: String, chunks: (any ChunkStore)? = nil) throws -> (job: Job, store: SQLJobStore) {
        try makeFixture()
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let p = pool(store, workers: 2, chunkSeconds: 1, chunks: chunks)
        p.start()
        defer { p.shutdown() }
        let id = try submit(store, spec)
        p.wake()
        return (try waitFor(store, id) { $0.status.isFinished }, store)
    }

    func testAJobWithOutputsIsCutAndEachOutputIsItsWholeRender() throws {
        let (done, store) = try finishedOnTwoWorkers(Self.outputsSpec)
        let id = done.id
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.chunks, 4, "4 s cut at the seconds, where the MP4's GOPs and the ladder's segments both start")
        XCTAssertEqual(try store.chunks(of: id).map(\.frames), [0..<30, 30..<60, 60..<90, 90..<120])
        XCTAssertEqual(done.outputs.map(\.name), ["file", "ladder", "poster"])
        XCTAssertEqual(done.outputs.map(\.encodedFrames), [120, 120, 1])
        XCTAssertTrue(Poll.until(seconds: 30) { !FileManager.default.fileExists(atPath: dir + "/outputs/.chunks/" + id) },
                      "the pieces removed once the success is recorded")

        // The same outputs rendered whole in one pass.
        let planned = try SpecPlanning(resolver: SourceResolver(mediaRoot: dir + "/media")).plan(text: Self.outputsSpec).get()
        let whole = MultiRenderer(members: MultiRenderer.members(planned.outputs, spec: planned.spec))
        let paths = ["file": dir + "/whole.mp4", "ladder": dir + "/whole-ladder", "poster": dir + "/whole.png"]
        try whole.render(to: paths)
        let frames = { (path: String) throws -> [String] in
            try ProcessRunner.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-f", "framemd5", "-"])
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        }
        let out = Dictionary(uniqueKeysWithValues: done.outputs.map { ($0.name ?? "", $0.path) })
        for (name, file, count) in [("file", "", 120), ("ladder", "/video_90p.m3u8", 120), ("ladder", "/video_46p.m3u8", 120), ("poster", "", 1)] {
            let ours = try frames(try XCTUnwrap(out[name]) + file)
            XCTAssertEqual(ours.count, count, "\(name)\(file)")
            XCTAssertEqual(ours, try frames(paths[name]! + file), "\(name)\(file): every decoded frame the whole render's")
        }
        let keys = { (path: String) throws in try self.probe(path, "v", "frame=key_frame").filter { $0.hasPrefix("1") }.count }
        XCTAssertEqual(try keys(try XCTUnwrap(out["file"])), 8, "a keyframe every 15 frames, across the cuts too")
        XCTAssertEqual(try probe(try XCTUnwrap(out["file"]), "a", "packet=pts,duration").count,
                       try probe(paths["file"]!, "a", "packet=pts,duration").count, "the same audio packets")
    }
}

extension ChunkedJobTests {
    /// Two outputs cut into chunks with loudness targets of their own: each one's levels solved
    /// once (its own piece) and carried by every chunk's audio of it, each output at its target.
    func testOutputsWithLoudnessTargetsAreCutWithTheirOwnLevels() throws {
        let counting = LosingChunks(DataDirectory(root: dir), losing: [])
        let spec = Self.outputsSpec
            .replacingOccurrences(of: #"{ "keyframeInterval": 0.5, "crf": 0 }"#,
                                  with: #"{ "keyframeInterval": 0.5, "crf": 0 }, "audio": { "loudness": { "target": -12, "truePeak": -1 } }"#)
            .replacingOccurrences(of: #""hls": { "segmentDuration": 1,"#, with: #""audio": { "loudness": { "target": -20 } }, "hls": { "segmentDuration": 1,"#)
        XCTAssertEqual(spec.components(separatedBy: "loudness").count, 3, spec)
        let done = try finishedOnTwoWorkers(spec, chunks: counting).job
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.chunks, 4)
        XCTAssertEqual(counting.shared(.outputLevels(output: "file")), 1, "each output's levels solved once, by the job's node")
        XCTAssertEqual(counting.shared(.outputLevels(output: "ladder")), 1)
        XCTAssertEqual(counting.shared(.levels), 0)
        XCTAssertEqual([0, 1, 2, 3].map { counting.shared(.outputAudio($0, output: "ladder")) }, [1, 1, 1, 1])
        XCTAssertEqual(try XCTUnwrap(done.outputs[0].loudness?.integrated), -12, accuracy: 0.5, "the MP4 at its target")
        XCTAssertEqual(try XCTUnwrap(done.outputs[1].loudness?.integrated), -20, accuracy: 0.5, "the ladder at its own")
    }
}

extension ChunkedJobTests {
    /// With the ladder progressive, this process joins it chunk by chunk as they are done
    /// (`OutputsChunkJoin`) and the MP4 and the poster at the end; the ladder records when it
    /// became playable, and every output is still the whole render's.
    func testAProgressiveOutputAmongChunkedOutputsIsJoinedAsTheChunksCome() throws {
        let spec = Self.outputsSpec.replacingOccurrences(of: #""hls": { "segmentDuration": 1,"#, with: #""hls": { "segmentDuration": 1, "progressive": true,"#)
        XCTAssertNotEqual(spec, Self.outputsSpec)
        let done = try finishedOnTwoWorkers(spec).job
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.chunks, 4)
        XCTAssertEqual(done.outputs.map(\.encodedFrames), [120, 120, 1])
        XCTAssertNil(done.outputs[0].firstSegmentSeconds)
        XCTAssertGreaterThan(try XCTUnwrap(done.outputs[1].firstSegmentSeconds), 0)
        let planned = try SpecPlanning(resolver: SourceResolver(mediaRoot: dir + "/media")).plan(text: spec).get()
        let paths = ["file": dir + "/whole.mp4", "ladder": dir + "/whole-ladder", "poster": dir + "/whole.png"]
        try MultiRenderer(members: MultiRenderer.members(planned.outputs, spec: planned.spec)).render(to: paths)
        let frames = { (path: String) throws -> [String] in
            try ProcessRunner.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-f", "framemd5", "-"])
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        }
        for (k, (name, file)) in [("file", ""), ("ladder", "/video_46p.m3u8"), ("poster", "")].enumerated() {
            let ours = try frames(done.outputs[k].path + file)
            XCTAssertEqual(ours.count, name == "poster" ? 1 : 120, name)
            XCTAssertEqual(ours, try frames(paths[name]! + file), "\(name): the whole render's frames")
        }
        let playlist = try String(contentsOfFile: done.outputs[1].path + "/video_90p.m3u8", encoding: .utf8)
        XCTAssertTrue(playlist.contains("#EXT-X-PLAYLIST-TYPE:EVENT") && playlist.contains("#EXT-X-ENDLIST"), playlist)
    }
}

extension ChunkedJobTests {
    /// An MP4 at 30 fps and one at 15 fps cut together on two workers: chunks numbered in the first
    /// output's frames, each the same instants in the other's; each output is its whole render.
    func testOutputsOfTwoFrameRatesAreCutTogether() throws {
        let spec = ##"""
            { "version": 1, "outputs": [
                { "name": "thirty", "width": 160, "height": 90, "frameRate": 30, "video": { "keyframeInterval": 0.5, "crf": 0 } },
                { "name": "fifteen", "width": 160, "height": 90, "frameRate": 15, "video": { "keyframeInterval": 1, "crf": 0 } } ],
              "timeline": { "videos": [ { "src": "a.mp4" } ] } }
            """##
        let (done, store) = try finishedOnTwoWorkers(spec)
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.chunks, 4, "4 s cut at the seconds, where both start a GOP")
        XCTAssertEqual(try store.chunks(of: done.id).map(\.frames), [0..<30, 30..<60, 60..<90, 90..<120], "the 30 fps output's frames")
        XCTAssertEqual(done.outputs.map(\.encodedFrames), [120, 60])
        let planned = try SpecPlanning(resolver: SourceResolver(mediaRoot: dir + "/media")).plan(text: spec).get()
        let paths = ["thirty": dir + "/whole-30.mp4", "fifteen": dir + "/whole-15.mp4"]
        try MultiRenderer(members: MultiRenderer.members(planned.outputs, spec: planned.spec)).render(to: paths)
        let frames = { (path: String) throws -> [String] in
            try ProcessRunner.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-f", "framemd5", "-"])
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        }
        for output in done.outputs {
            let name = try XCTUnwrap(output.name)
            let ours = try frames(output.path)
            XCTAssertEqual(ours.count, name == "thirty" ? 120 : 60, name)
            XCTAssertEqual(ours, try frames(paths[name]!), "\(name): every decoded frame the whole render's")
            XCTAssertEqual(try probe(output.path, "a", "packet=pts,duration").count, try probe(paths[name]!, "a", "packet=pts,duration").count,
                           "\(name): the same audio packets")
        }
    }
}
