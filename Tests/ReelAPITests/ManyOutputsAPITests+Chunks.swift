import Foundation
import TestSupport
import XCTest

/// A job with `outputs` cut into chunks through the API: render children on two workers render
/// every output's piece of each chunk (an output's loudness levels solved first by a child of their
/// own), a join child writes the outputs; each is what the same job rendered whole (on a server that
/// does not cut) gives, decoded frame for frame (lossless video), at its loudness target. Outputs of
/// different ranges are cut together, each with empty pieces in the chunks outside its range.
extension ManyOutputsAPITests {
    static let cutSpec = #"{ "version": 1, "outputs": ["#
        + #" { "name": "web", "width": 320, "height": 180, "frameRate": 10, "video": { "crf": 0, "keyframeInterval": 1 },"#
        + #" "audio": { "loudness": { "target": -16 } } },"#
        + #" { "name": "ladder", "format": "hls", "width": 320, "height": 180, "frameRate": 10, "video": { "crf": 0 },"#
        + #" "hls": { "segmentDuration": 1, "renditions": [ { "height": 180 }, { "height": 90 } ] } },"#
        + #" { "name": "poster", "format": "jpg", "width": 160, "height": 90, "time": 0.5 } ], \#(timeline) }"#
    /// The whole 3 s, a teaser of its second second and an HLS tail of its third.
    static let rangedSpec = #"{ "version": 1, "outputs": ["#
        + #" { "name": "web", "width": 320, "height": 180, "frameRate": 10, "video": { "crf": 0, "keyframeInterval": 1 } },"#
        + #" { "name": "teaser", "width": 160, "height": 90, "frameRate": 10, "range": { "start": 1, "duration": 1 },"#
        + #" "video": { "crf": 0, "keyframeInterval": 1 } },"#
        + #" { "name": "tail", "format": "hls", "width": 320, "height": 180, "frameRate": 10, "range": { "start": 2, "duration": 1 },"#
        + #" "video": { "crf": 0 }, "hls": { "segmentDuration": 1, "renditions": [ { "height": 180 } ] } } ], \#(timeline) }"#

    func testAChunkedJobWithOutputsIsWhatTheWholeJobGives() throws {
        let cut = try ServiceFixture(workers: 2, env: ["REEL_CHUNK_SECONDS": "1"])
        let whole = try ServiceFixture(env: ["REEL_CHUNK_SECONDS": "0"])
        for f in [cut, whole] {
            try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=128x72:r=10:d=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "clip.mp4"])
            try f.ffmpeg(["-f", "lavfi", "-i", "sine=f=440:r=48000:d=3", "-c:a", "aac", "tone.m4a"])
        }
        let (id, job) = try cut.succeeded(Self.cutSpec)
        XCTAssertEqual(job["chunks"] as? Int, 3, "3 s cut at each second: \(job)")
        let (wholeID, wholeJob) = try whole.succeeded(Self.cutSpec)
        XCTAssertEqual(wholeJob["chunks"] as? Int, 1)
        for j in [job, wholeJob] {
            let outputs = j["outputs"] as? [[String: Any]]
            XCTAssertEqual(outputs?.map { $0["encodedFrames"] as? Int }, [30, 30, 1], "\(j)")
            // The MP4's loudness target: its levels solved once (by a child of their own when cut) and
            // carried by every chunk.
            let integrated = try XCTUnwrap((outputs?.first?["loudness"] as? [String: Any])?["integrated"] as? Double, "\(j)")
            XCTAssertEqual(integrated, -16, accuracy: 0.5)
        }
        let frames = { (path: String) throws -> [String] in
            String(decoding: try self.tool("/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-f", "framemd5", "-"]), as: UTF8.self)
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        }
        let folder = { (f: ServiceFixture, id: String, name: String) in f.root + "/data/outputs/\(id)-1_\(name)" }
        for (name, file, count) in [("web", ".mp4", 30), ("ladder", ".hls/video_180p.m3u8", 30), ("ladder", ".hls/video_90p.m3u8", 30),
                                    ("poster", ".jpg", 1)] {
            let ours = try frames(folder(cut, id, name) + file)
            XCTAssertEqual(ours.count, count, "\(name)\(file)")
            XCTAssertEqual(ours, try frames(folder(whole, wholeID, name) + file), "\(name)\(file): the whole job's frames")
        }
        XCTAssertEqual(try counts(folder(cut, id, "web") + ".mp4"), try counts(folder(whole, wholeID, "web") + ".mp4"), "frames and samples")

        let (rangedID, ranged) = try cut.succeeded(Self.rangedSpec)
        XCTAssertEqual(ranged["chunks"] as? Int, 3, "the 3 s span cut at each second, the teaser and the tail in one chunk each: \(ranged)")
        let (rangedWholeID, rangedWhole) = try whole.succeeded(Self.rangedSpec)
        for j in [ranged, rangedWhole] {
            XCTAssertEqual((j["outputs"] as? [[String: Any]])?.map { $0["encodedFrames"] as? Int }, [30, 10, 10], "\(j)")
        }
        for (name, file, count) in [("web", ".mp4", 30), ("teaser", ".mp4", 10), ("tail", ".hls/video_180p.m3u8", 10)] {
            let ours = try frames(folder(cut, rangedID, name) + file)
            XCTAssertEqual(ours.count, count, "\(name)\(file)")
            XCTAssertEqual(ours, try frames(folder(whole, rangedWholeID, name) + file), "\(name)\(file): the whole job's frames")
        }
        for name in ["teaser", "tail"] {
            let file = name == "tail" ? ".hls/audio.m3u8" : ".mp4"
            XCTAssertEqual(try counts(folder(cut, rangedID, name) + file), try counts(folder(whole, rangedWholeID, name) + file), "\(name): frames and samples")
        }
        XCTAssertEqual(cut.dataFiles("outputs").filter { $0.hasPrefix(".chunks") || $0.hasPrefix(".") && $0.contains(id) }, [],
                       "no pieces or work folders left")
    }
}
