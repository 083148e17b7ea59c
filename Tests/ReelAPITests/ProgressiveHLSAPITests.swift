import Foundation
@testable import ReelServer
import S3Fixtures
import TestSupport
import XCTest

/// A progressive HLS job played while it renders: a player (FFmpeg's HLS reader, from the job's
/// `live.downloadUrl`) starts before the job ends and plays every frame and sample to the end,
/// without a gap: rendered whole or in chunks joined as they are done, with the output on local
/// disk and in a bucket (the playlists rewritten there as they grow). The job records when its
/// first segment was playable.
final class ProgressiveHLSAPITests: XCTestCase {
    static let seconds = 10, fps = 25

    static let spec = ##"""
    { "version": 1, "output": { "format": "hls", "width": 640, "height": 360, "frameRate": \##(fps),
        "hls": { "segmentDuration": 1, "progressive": true } },
    """## + timeline

    /// The same ladder as the second of a job's `outputs`, after an MP4 of the same pictures.
    static let outputsSpec = ##"""
    { "version": 1, "outputs": [ { "name": "file", "format": "mp4", "width": 640, "height": 360, "frameRate": \##(fps) },
        { "name": "live", "format": "hls", "width": 640, "height": 360, "frameRate": \##(fps),
          "hls": { "segmentDuration": 1, "progressive": true } } ],
    """## + timeline

    static let timeline = ##"""
      "timeline": { "videos": [ { "color": "#203040", "duration": \##(seconds) } ],
        "overlays": [ { "type": "shape", "shape": "ellipse", "start": 0, "duration": \##(seconds), "fill": "#FF3366CC",
          "frame": { "x": 0.5, "y": 0.5, "width": 0.4, "height": 0.6 },
          "keyframes": [ { "time": 0, "x": 0.2, "rotation": 0 }, { "time": \##(seconds), "x": 0.8, "rotation": 1440 } ] } ],
        "music": [ { "src": "tone.wav" } ] } }
    """##

    func testAPlayerStartsWhileTheJobRendersAndPlaysToTheEnd() throws {
        let f = try ServiceFixture()
        try play(f)
        XCTAssertEqual(f.dataFiles("outputs").filter { !$0.hasPrefix(".") }.count, 1, "one folder, rendered in place")
    }

    /// Cut into chunks (two of a segment each, then 3 s) that two workers render: the
    /// chunks are joined as they are done, in timeline order, and the player sees the same.
    func testAChunkedJobPlaysAsItsChunksAreJoined() throws {
        let f = try ServiceFixture(workers: 2, env: ["REEL_CHUNK_SECONDS": "3"])
        let id = try play(f)
        let job = try f.client().request("GET", "/v1/jobs/\(id)").json
        XCTAssertEqual(job["chunks"] as? Int, 5, "two segments alone, then chunks to the next segment start 3 s on: \(job)")
    }

    /// A progressive ladder among a job's `outputs` plays the same from its own address
    /// (`/v1/jobs/{id}/outputs/live`, in the job's `live.outputs`) while the MP4 beside it renders
    /// in the same pass.
    func testAProgressiveOutputAmongOutputsPlaysWhileTheJobRenders() throws {
        let f = try ServiceFixture()
        let id = try play(f, spec: Self.outputsSpec, output: "live")
        let done = try f.client().request("GET", "/v1/jobs/\(id)").json
        XCTAssertEqual((done["outputs"] as? [[String: Any]])?.map { $0["name"] as? String }, ["file", "live"])
        XCTAssertEqual(f.dataFiles("outputs").filter { !$0.hasPrefix(".") }.sorted(), ["\(id)-1_file.mp4", "\(id)-1_live.hls"],
                       "the ladder rendered in place beside the MP4")
        let mp4 = try f.client().request("GET", "/v1/jobs/\(id)/outputs/file")
        XCTAssertEqual(mp4.status, 200)
        XCTAssertEqual(mp4.header("Content-Type"), "video/mp4")
    }

    /// The same with the outputs in a bucket: the render child's files of the ladder are put by the
    /// server, named as that output's, while the job runs.
    func testAProgressiveOutputAmongOutputsInABucket() throws {
        let (f, _, child) = try playInABucket(chunkSeconds: 0, output: "live")
        XCTAssertNotNil(child, "the job rendered in a child")
        XCTAssertEqual(f.dataFiles("outputs").filter { !$0.hasPrefix(".") }, [], "no local copy once the job is done")
    }

    /// Cut into chunks that two workers render (each every output's pieces), the ladder is joined as
    /// its chunks come by one join child, and plays while the job runs; the MP4 appears at the end.
    func testAProgressiveOutputAmongChunkedOutputsPlaysAsItsChunksAreJoined() throws {
        let f = try ServiceFixture(workers: 2, env: ["REEL_CHUNK_SECONDS": "3"])
        let id = try play(f, spec: Self.outputsSpec, output: "live") { id in
            XCTAssertFalse(f.dataFiles("outputs").contains("\(id)-1_file.mp4"), "the MP4 is joined at the end")
        }
        let job = try f.client().request("GET", "/v1/jobs/\(id)").json
        XCTAssertEqual(job["chunks"] as? Int, 4, "two of the MP4's 2 s GOPs alone, then 4 s, then the rest: \(job)")
        XCTAssertEqual((job["outputs"] as? [[String: Any]])?.map { $0["encodedFrames"] as? Int }, [Self.seconds * Self.fps, Self.seconds * Self.fps])
        XCTAssertEqual(f.dataFiles("outputs").filter { !$0.hasPrefix(".") }.sorted(), ["\(id)-1_file.mp4", "\(id)-1_live.hls"])
    }

    /// The same in a bucket: the join child's files of the ladder are put by the server as it joins.
    func testAProgressiveOutputAmongChunkedOutputsInABucket() throws {
        let (f, _, _) = try playInABucket(chunkSeconds: 3, output: "live")
        XCTAssertEqual(f.dataFiles("outputs").filter { !$0.hasPrefix(".") }, [], "no local copy once the job is done")
    }

    func testTheSameWithTheOutputInABucket() throws {
        // Cut into chunks too: the chunked join publishes through the same bucket.
        let (f, _, _) = try playInABucket(chunkSeconds: 3)
        XCTAssertEqual(f.dataFiles("outputs").filter { !$0.hasPrefix(".") }, [], "no local copy once the job is done")
    }

    /// A whole (unchunked) progressive job with its output in a bucket renders in a render child,
    /// which has no network: its files are put by the server as the child reports them, the
    /// bucket's playlist growing while the job runs.
    func testAWholeJobInARenderChildIsPutThroughTheServer() throws {
        let (_, _, child) = try playInABucket(chunkSeconds: 0)
        XCTAssertNotNil(child, "the job rendered in a child")
    }

    /// Plays the job (`play`) with outputs in a fresh bucket of the tests' S3 server, cut into
    /// chunks of `chunkSeconds` (0: whole), and checks the bucket's playlist grew while the job ran
    /// and ends whole (`output`: the job of `outputsSpec`, played from that output). The fixture, the
    /// job's id, and the child that rendered it (whole jobs).
    private func playInABucket(chunkSeconds: Int, output: String? = nil) throws -> (ServiceFixture, String, pid_t?) {
        let bucketName = "reel-" + UUID().uuidString.prefix(8).lowercased()
        let s3 = try TestS3.shared()
        let f = try ServiceFixture(keys: ["a-key-of-sixteen-chars"],
                                   env: try s3.storageEnvironment(bucket: bucketName).merging(["REEL_CHUNK_SECONDS": "\(chunkSeconds)"]) { $1 })
        let bucket = try s3.client(bucket: bucketName)
        let playlist = { (id: String) in
            String(decoding: try bucket.getObject("media/outputs/\(id)-1\(output.map { "_" + $0 } ?? "").hls/video_360p.m3u8", limit: 1 << 20),
                   as: UTF8.self)
        }
        var seenInBucket: [String] = []
        var child: pid_t?
        let id = try play(f, spec: output == nil ? Self.spec : Self.outputsSpec, output: output) { id in
            child = child ?? f.service.pool.children[id]
            seenInBucket.append(try playlist(id))
        }
        XCTAssertFalse(try XCTUnwrap(seenInBucket.first).contains("#EXT-X-ENDLIST"), "the bucket's playlist grew while the job ran")
        let final = try playlist(id)
        XCTAssertTrue(final.contains("#EXT-X-ENDLIST"), final)
        XCTAssertEqual(final.split(separator: "\n").filter { $0.hasSuffix(".m4s") }.count, Self.seconds)
        return (f, id, child)
    }

    /// Submits the job, waits until its output is playable (409 before), holds its render processes
    /// (`JobFreeze`) until the player has shown a frame, checks the job is still running, plays it
    /// with ffmpeg from the link and checks every frame and sample arrived in order; `whileRunning` looks at the output while the job still runs; `output`: the named
    /// output of `spec` played (the job's first progressive one). Returns the job's id.
    @discardableResult
    func play(_ f: ServiceFixture, spec: String = spec, output: String? = nil, whileRunning: (String) throws -> Void = { _ in }) throws -> String {
        try f.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(Self.seconds)", "tone.wav"])
        let c = try f.client()
        let id = try f.submit(spec)
        let running = try f.waitForJob(id) { ($0["live"] as? [String: Any])?["downloadUrl"] != nil || $0["status"] as? String != "queued" }
        let live = try XCTUnwrap(running["live"] as? [String: Any], "a running progressive job is live: \(running)")
        let link = try XCTUnwrap(live["downloadUrl"] as? String, "a running progressive job has a live link: \(running)")
        let folder = output ?? "output"
        if let output {
            // Each progressive output by name; the first is the job's `live` link too.
            let named = try XCTUnwrap((live["outputs"] as? [[String: Any]])?.first { $0["name"] as? String == output }, "\(live)")
            XCTAssertEqual(named["url"] as? String, "/v1/jobs/\(id)/outputs/\(output)")
            XCTAssertEqual(named["downloadUrl"] as? String, link)
            XCTAssertEqual(live["url"] as? String, "/v1/jobs/\(id)/outputs/\(output)")
            XCTAssertTrue(link.hasPrefix("/v1/jobs/\(id)/outputs/\(output)?"), link)
        } else {
            XCTAssertNil(live["outputs"], "a job's one output")
        }
        let anonymous = try TestClient(port: f.port)
        let master = try XCTUnwrap(Poll.value(seconds: 60, every: 0.02) { () -> TestClient.Response? in
            let r = try anonymous.request("GET", link)
            if r.status == 409 {
                XCTAssertEqual(r.header("Retry-After"), "1")
                return nil
            }
            return r
        })
        // From here the job's processes are held until the player shows a frame: what the test
        // sees until then, it sees while the job runs, on a slow machine too.
        let freeze = JobFreeze(f, job: id)
        defer { freeze.thaw() }
        XCTAssertEqual(master.status, 200, master.text)
        XCTAssertEqual(master.header("Cache-Control"), "no-store", "a growing playlist is never cached")
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(id)").json["status"] as? String, "running", "playable before the job ends")
        let variant = try XCTUnwrap(master.text.split(separator: "\n").first { $0.hasPrefix(folder + "/video_") }.map(String.init), master.text)
        // Relative to the master's own address: `/v1/jobs/{id}/output` or `/v1/jobs/{id}/outputs/{name}`.
        let playlist = try anonymous.request("GET", "/v1/jobs/\(id)/" + (output == nil ? "" : "outputs/") + variant)
        XCTAssertEqual(playlist.status, 200, playlist.text)
        XCTAssertTrue(playlist.text.contains("#EXT-X-PLAYLIST-TYPE:EVENT"), playlist.text)
        XCTAssertFalse(playlist.text.contains("#EXT-X-ENDLIST"), "not finished yet: \(playlist.text)")
        try whileRunning(id)

        // The player: FFmpeg's HLS reader from the first segment, one line a decoded frame as it comes.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        p.arguments = ["-v", "error", "-nostdin", "-live_start_index", "0", "-i", "http://127.0.0.1:\(f.port)" + link,
                       "-map", "0:v:0", "-map", "0:a:0", "-flush_packets", "1", "-f", "framecrc", "-"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        var text = ""
        var statusAtFirstFrame: String?
        while case let data = out.fileHandleForReading.availableData, !data.isEmpty {
            text += String(decoding: data, as: UTF8.self)
            if statusAtFirstFrame == nil, text.split(separator: "\n").contains(where: { !$0.hasPrefix("#") }) {
                statusAtFirstFrame = try c.request("GET", "/v1/jobs/\(id)").json["status"] as? String
                XCTAssertFalse(freeze.stopped.isEmpty, "the job's render processes were held while the player started")
                freeze.thaw()
            }
        }
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        XCTAssertEqual(statusAtFirstFrame, "running", "the player showed its first frame while the job rendered")

        // framecrc: stream, dts, pts, duration, size, crc. Video in frames, audio in samples.
        var video: [Int] = [], audio: [(pts: Int, duration: Int)] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let v = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if v[0] == "0" { video.append(Int(v[2]) ?? -1) } else { audio.append((Int(v[2]) ?? -1, Int(v[3]) ?? -1)) }
        }
        let firstVideo = try XCTUnwrap(video.first)
        XCTAssertEqual(video, Array(firstVideo..<(firstVideo + Self.seconds * Self.fps)), "every frame, in order, none missing or repeated")
        for k in audio.indices.dropFirst() {
            XCTAssertEqual(audio[k].pts, audio[k - 1].pts + audio[k - 1].duration, "audio continuous at packet \(k)")
        }
        let samples = audio.reduce(0) { $0 + $1.duration }
        // FFmpeg's HLS reader hands over every AAC frame, the encoder's priming (1024 samples) and
        // the last frame's padding included: the track's frames, whole.
        let frames = (Self.seconds * 48000 + 1024 + 1023) / 1024
        XCTAssertEqual(samples, frames * 1024, "the whole audio track, every AAC frame")

        let done = try f.waitForJob(id) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
        XCTAssertNil(done["live"], "a finished job is played from its output")
        let recorded = try XCTUnwrap(output == nil ? done["output"] as? [String: Any]
                                     : (done["outputs"] as? [[String: Any]])?.first { $0["name"] as? String == output }, "\(done)")
        let first = try XCTUnwrap(recorded["firstSegmentSeconds"] as? Double, "\(recorded)")
        XCTAssertGreaterThan(first, 0)
        let finished = try XCTUnwrap(c.request("GET", "/v1/jobs/\(id)").json["finishedAt"] as? String)
        XCTAssertFalse(finished.isEmpty)
        let after = try anonymous.request("GET", link)
        XCTAssertEqual(after.status, 200)
        XCTAssertNotNil(after.header("ETag"), "the finished master is an immutable piece")
        XCTAssertEqual(after.text.split(separator: "\n").filter { $0.hasPrefix(folder + "/video_") }.count, 1)
        return id
    }
}
