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

    func testAJobWithOutputsIsCutAndEachOutputIsItsWholeRender() throws {
        try makeFixture()
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let p = pool(store, workers: 2, chunkSeconds: 1)
        p.start()
        defer { p.shutdown() }
        let id = try submit(store, Self.outputsSpec)
        p.wake()
        let done = try waitFor(store, id) { $0.status.isFinished }
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
