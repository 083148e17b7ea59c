import Foundation
import XCTest

/// An `hls` job served by the running server: the master playlist at `/output`, every playlist and
/// segment below it, and the whole stream decoded by ffmpeg from files downloaded over the API.
final class HLSServingTests: XCTestCase {
    func testTheFolderIsServedAndPlaysFrameComplete() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let id = try f.submit(##"""
        { "version": 1, "output": { "format": "hls", "width": 96, "height": 64, "frameRate": 10,
            "hls": { "segmentDuration": 1, "renditions": [ { "height": 64 }, { "height": 32, "videoBitrate": 150000 } ] } },
          "timeline": { "videos": [ { "color": "#FF0000", "duration": 1.5 }, { "color": "#0000FF", "duration": 1.5 } ] } }
        """##)
        let done = try f.waitForJob(id) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
        let output = try XCTUnwrap(done["output"] as? [String: Any])
        XCTAssertGreaterThan(output["bytes"] as? Int ?? 0, 1000, "every file counted")

        let master = try c.request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(master.status, 200, master.text)
        XCTAssertEqual(master.header("Content-Type"), "application/vnd.apple.mpegurl")
        let etag = try XCTUnwrap(master.header("ETag"))
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(id)/output", headers: [("If-None-Match", etag)]).status, 304)
        XCTAssertTrue(master.text.contains("output/video_64p.m3u8"), master.text)
        XCTAssertTrue(master.text.contains(#"URI="output/audio.m3u8""#), master.text)

        // Download the folder the way a player walks it, through the API, and decode it locally.
        let local = NSTemporaryDirectory() + "reel-hls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: local) }
        var queue = master.text.split(separator: "\n").compactMap { line -> String? in
            if line.hasPrefix("output/") { return String(line.dropFirst(7)) }
            if let r = line.range(of: #"URI="output/"#) { return String(line[r.upperBound...].prefix { $0 != "\"" }) }
            return nil
        }
        var fetched = Set<String>()
        while let name = queue.popLast() {
            guard fetched.insert(name).inserted else { continue }
            let r = try c.request("GET", "/v1/jobs/\(id)/output/\(name)")
            XCTAssertEqual(r.status, 200, name)
            XCTAssertNotNil(r.header("ETag"), name)
            try Data(r.body).write(to: URL(fileURLWithPath: local + "/" + name))
            if name.hasSuffix(".m3u8") {
                for line in r.text.split(separator: "\n") {
                    if !line.hasPrefix("#") && !line.isEmpty { queue.append(String(line)) }
                    if let u = line.range(of: #"URI=""#) { queue.append(String(line[u.upperBound...].prefix { $0 != "\"" })) }
                }
            }
        }
        XCTAssertGreaterThan(fetched.count, 10, "playlists, init segments and media segments: \(fetched.sorted())")
        try Data(master.body).write(to: URL(fileURLWithPath: local + "/root.m3u8"))
        try String(decoding: master.body, as: UTF8.self).replacingOccurrences(of: "output/", with: "")
            .write(toFile: local + "/master.m3u8", atomically: true, encoding: .utf8)
        let probe = try ffprobe(["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                 "stream=nb_read_frames", "-of", "csv=p=0", local + "/master.m3u8"])
        // ffprobe lists an HLS stream once for its program and once on its own.
        XCTAssertEqual(probe.split(separator: "\n").first.map(String.init), "30", "3 s at 10 fps, every frame")

        let segment = try XCTUnwrap(fetched.first { $0.hasSuffix(".m4s") })
        let part = try c.request("GET", "/v1/jobs/\(id)/output/\(segment)", headers: [("Range", "bytes=0-9")])
        XCTAssertEqual(part.status, 206)
        XCTAssertEqual(part.body.count, 10)
        for bad in ["..%2Fjob.json", ".hidden.m3u8", "master.txt", "nothere.m4s"] {
            XCTAssertEqual(try c.request("GET", "/v1/jobs/\(id)/output/\(bad)").status, 404, bad)
        }
        let thumb = try c.request("GET", "/v1/jobs/\(id)/thumbnail?time=2")
        XCTAssertEqual(thumb.status, 200, thumb.text)
        XCTAssertEqual(thumb.header("Content-Type"), "image/jpeg")

        XCTAssertEqual(try c.request("DELETE", "/v1/jobs/\(id)").status, 204)
        XCTAssertEqual(f.dataFiles("outputs").filter { $0.contains(id) }, [], "the folder is gone")
    }

    /// An `hls` job longer than `chunkSeconds` is cut on its segment starts and joined into the
    /// same kind of folder, every frame of every rendition there.
    func testAChunkedHLSJobJoinsIntoTheFolder() throws {
        let f = try ServiceFixture(env: ["REEL_CHUNK_SECONDS": "1"])
        let id = try f.submit(##"""
        { "version": 1, "output": { "format": "hls", "width": 96, "height": 64, "frameRate": 10,
            "hls": { "segmentDuration": 1, "renditions": [ { "height": 64 }, { "height": 32 } ] } },
          "timeline": { "videos": [ { "color": "#FF0000", "duration": 1.5 }, { "color": "#0000FF", "duration": 1.5 } ] } }
        """##)
        let done = try f.waitForJob(id) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
        XCTAssertEqual(done["chunks"] as? Int, 3, "1 s chunks on the 1 s segments")
        let folder = f.root + "/data/outputs/\(id)-1.hls"
        for name in ["video_64p", "video_32p"] {
            let probe = try ffprobe(["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                     "stream=nb_read_frames", "-of", "csv=p=0", folder + "/\(name).m3u8"])
            XCTAssertEqual(probe.split(separator: "\n").first.map(String.init), "30", name)
        }
        let master = try f.client().request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(master.status, 200)
        XCTAssertTrue(master.text.contains("output/video_32p.m3u8"), master.text)
        XCTAssertTrue(try String(contentsOfFile: folder + "/video_64p.m3u8", encoding: .utf8).contains("#EXT-X-PLAYLIST-TYPE:VOD"))
    }

    /// ffprobe's standard output (its standard error is left to the test log).
    func ffprobe(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
