import Foundation
import TestSupport
import XCTest

/// A job with `outputs` through the API, rendered in a render child like every job: each output at
/// `/v1/jobs/{id}/outputs/{name}` (links, HLS folders below it), each what the spec renders with
/// that output alone (same frame and sample counts, ≥ 45 dB), listed in the job's JSON, deleted
/// with the job.
final class ManyOutputsAPITests: XCTestCase {
    static let timeline = ##""timeline": { "videos": [ { "color": "#FF0000", "duration": 1 }, { "src": "clip.mp4" } ], "music": [ { "src": "tone.m4a" } ] }"##
    static let web = #"{ "name": "web", "width": 320, "height": 180, "frameRate": 10 }"#
    static let small = #"{ "name": "small", "format": "webm", "width": 160, "height": 90, "frameRate": 10 }"#

    func testEveryOutputIsServedAndIsWhatItsSpecAloneRenders() throws {
        let f = try ServiceFixture(keys: ["k-many-outputs-0123456789"])
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=128x72:r=10:d=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "clip.mp4"])
        try f.ffmpeg(["-f", "lavfi", "-i", "sine=f=440:r=48000:d=3", "-c:a", "aac", "tone.m4a"])
        let c = try f.client()
        let spec = #"{ "version": 1, "outputs": [ \#(Self.web), \#(Self.small),"#
            + #" { "name": "poster", "format": "jpg", "width": 160, "height": 90, "time": 0.5 },"#
            + #" { "name": "ladder", "format": "hls", "width": 320, "height": 180, "frameRate": 10, "hls": { "segmentDuration": 1, "renditions": [ { "height": 90 } ] } } ],"#
            + " \(Self.timeline) }"
        let validated = try c.json("POST", "/v1/validate", spec)
        XCTAssertEqual(validated.json["valid"] as? Bool, true, validated.text)
        XCTAssertEqual((validated.json["outputs"] as? [[String: Any]])?.map { $0["name"] as? String }, ["web", "small", "poster", "ladder"])
        XCTAssertEqual((validated.json["outputs"] as? [[String: Any]])?.map { $0["frames"] as? Int }, [30, 30, 0, 30], validated.text)

        let (id, job) = try f.succeeded(spec)
        XCTAssertTrue(job["output"] is NSNull, "a job with outputs has no one output: \(job)")
        let outputs = try XCTUnwrap(job["outputs"] as? [[String: Any]], "\(job)")
        XCTAssertEqual(outputs.map { $0["name"] as? String }, ["web", "small", "poster", "ladder"])
        XCTAssertEqual(outputs.map { $0["url"] as? String }, ["web", "small", "poster", "ladder"].map { "/v1/jobs/\(id)/outputs/\($0)" })
        XCTAssertEqual(outputs.map { $0["contentType"] as? String }, ["video/mp4", "video/webm", "image/jpeg", "application/vnd.apple.mpegurl"])
        XCTAssertEqual(outputs.map { $0["encodedFrames"] as? Int }, [30, 30, 1, 30], "\(outputs)")
        let dir = NSTemporaryDirectory() + "reel-many-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }

        // Each file as recorded, by key; the same bytes through its link, with no key.
        var files: [String: String] = [:]
        for o in outputs.prefix(3) {
            let name = try XCTUnwrap(o["name"] as? String)
            let r = try c.request("GET", try XCTUnwrap(o["url"] as? String))
            XCTAssertEqual(r.status, 200, r.text)
            XCTAssertEqual(r.header("Content-Disposition"), "attachment; filename=\"\(id)-\(name).\(["web": "mp4", "small": "webm", "poster": "jpg"][name]!)\"")
            files[name] = dir + "/" + name
            try Data(r.body).write(to: URL(fileURLWithPath: files[name]!))
            XCTAssertEqual(try sha256sum(files[name]!), o["sha256"] as? String, name)
            let link = try XCTUnwrap(o["downloadUrl"] as? String)
            XCTAssertTrue(link.hasPrefix("/v1/jobs/\(id)/outputs/\(name)?expires="), link)
            let anonymous = try TestClient(port: f.port, key: nil).request("GET", link)
            XCTAssertEqual(anonymous.status, 200, anonymous.text)
            XCTAssertEqual(anonymous.body, r.body, "the link serves the same output")
        }
        XCTAssertEqual(try TestClient(port: f.port, key: nil).request("GET", "/v1/jobs/\(id)/outputs/web").status, 401, "no key, no link")

        // The HLS output: its master names its files below the output's own address, and they are there.
        let master = try c.request("GET", "/v1/jobs/\(id)/outputs/ladder")
        XCTAssertEqual(master.status, 200, master.text)
        let rendition = try XCTUnwrap(master.text.split(separator: "\n").first { $0.hasPrefix("ladder/") && $0.hasSuffix(".m3u8") && $0.contains("video") },
                                      master.text)
        let playlist = try c.request("GET", "/v1/jobs/\(id)/outputs/" + rendition)
        XCTAssertEqual(playlist.status, 200, playlist.text)
        XCTAssertTrue(playlist.text.contains("#EXT-X-ENDLIST"), playlist.text)
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(id)/outputs/web/master.m3u8").status, 404, "a single file has no files below it")

        // Asked for the one output, or a name it has not: 404s that say where the outputs are.
        let one = try c.request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(one.status, 404)
        XCTAssertTrue(one.text.contains("/v1/jobs/\(id)/outputs/{name}: web, small, poster, ladder"), one.text)
        let nope = try c.request("GET", "/v1/jobs/\(id)/outputs/nope")
        XCTAssertEqual(nope.status, 404)
        XCTAssertTrue(nope.text.contains("no output named nope"), nope.text)

        // The poster is the picture at 0.5 s: the red card.
        let rgb = try tool("/usr/bin/ffmpeg", ["-v", "error", "-i", files["poster"]!, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        XCTAssertEqual(rgb.count, 160 * 90 * 3)
        let centre = (45 * 160 + 80) * 3
        XCTAssertGreaterThan(Int(rgb[centre]), 230, "red")
        XCTAssertLessThan(Int(rgb[centre + 2]), 25, "not blue")

        // Each video output is the spec with that output alone, frame for frame and sample for sample.
        for (name, output, ext) in [("web", Self.web, "mp4"), ("small", Self.small, "webm")] {
            let alone = output.replacingOccurrences(of: #""name": "\#(name)", "#, with: "")
            let (aloneID, _) = try f.succeeded(#"{ "version": 1, "output": \#(alone), \#(Self.timeline) }"#)
            let r = try c.request("GET", "/v1/jobs/\(aloneID)/output")
            let path = dir + "/alone-\(name).\(ext)"
            try Data(r.body).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(try counts(files[name]!), try counts(path), name)
            XCTAssertGreaterThanOrEqual(try psnr(files[name]!, path), 45, name)
        }

        // Its timeline for editors shows each output as a disabled track of its own, at its address
        // (read by the opentimelineio library).
        let otio = try c.request("GET", "/v1/jobs/\(id)/timeline.otio")
        XCTAssertEqual(otio.status, 200, otio.text)
        let otioPath = dir + "/cut.otio"
        try Data(otio.body).write(to: URL(fileURLWithPath: otioPath))
        let venv = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/pyvenv/bin/python").path
        let tracks = String(decoding: try tool(venv, ["-c", """
        import opentimelineio as otio, sys
        tl = otio.adapters.read_from_file(sys.argv[1])
        for t in tl.tracks:
            if not t.enabled:
                print(t.name, t.find_clips()[0].media_reference.target_url)
        """, otioPath]), as: UTF8.self)
        XCTAssertEqual(tracks.split(separator: "\n").map(String.init),
                       ["web", "small", "poster", "ladder"].map { "Reel output \($0) /v1/jobs/\(id)/outputs/\($0)" }, tracks)

        // Deleting the job deletes every output.
        XCTAssertEqual(f.dataFiles("outputs").filter { $0.hasPrefix(id) }.count, 4, "\(f.dataFiles("outputs"))")
        XCTAssertEqual(try c.request("DELETE", "/v1/jobs/\(id)").status, 204)
        XCTAssertEqual(f.dataFiles("outputs").filter { $0.hasPrefix(id) }, [])
    }

    /// A template with `outputs` merged row by row in a batch: each row's outputs judged at its
    /// pointers (a name filled from a placeholder included), each job rendering every output;
    /// deleting the batch deletes every output of every job.
    func testTemplatesAndBatchesCarryOutputs() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let created = try c.json("POST", "/v1/templates", ##"""
        { "name": "Two sizes", "spec": { "version": 1,
          "outputs": [ { "name": "{{label}}", "width": 64, "height": 36, "frameRate": 10 }, { "name": "thumb", "format": "jpg", "width": 32, "height": 18, "time": 0.5 } ],
          "timeline": { "videos": [ { "color": "{{colour}}", "duration": 1 } ] } } }
        """##)
        let template = try XCTUnwrap(created.json["id"] as? String, created.text)
        let bad = try c.json("POST", "/v1/batches", ##"{ "template": "\##(template)", "rows": [ { "label": "first", "colour": "#FF0000" }, { "label": "Not A Name", "colour": "#00FF00" } ] }"##)
        XCTAssertEqual(bad.status, 422, bad.text)
        XCTAssertEqual((bad.json["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String }, ["/rows/1/outputs/0/name"], bad.text)
        let good = try c.json("POST", "/v1/batches", ##"{ "template": "\##(template)", "rows": [ { "label": "first", "colour": "#FF0000" }, { "label": "second", "colour": "#00FF00" } ] }"##)
        XCTAssertEqual(good.status, 202, good.text)
        let batch = try XCTUnwrap(good.json["id"] as? String)
        let jobs = try XCTUnwrap(good.json["jobs"] as? [String])
        for (id, label) in zip(jobs, ["first", "second"]) {
            let job = try f.waitForJob(id) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
            XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
            XCTAssertEqual((job["outputs"] as? [[String: Any]])?.map { $0["name"] as? String }, [label, "thumb"])
        }
        XCTAssertEqual(f.dataFiles("outputs").filter { name in jobs.contains { name.hasPrefix($0) } }.count, 4)
        XCTAssertEqual(try c.request("DELETE", "/v1/batches/\(batch)").status, 204)
        XCTAssertEqual(f.dataFiles("outputs").filter { name in jobs.contains { name.hasPrefix($0) } }, [], "every output of every job")
    }

    /// Video frames and audio frames (packets decoded) of each stream, by ffprobe.
    func counts(_ path: String) throws -> String {
        String(decoding: try tool("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=codec_type,nb_read_frames",
                                                       "-of", "csv=p=0", path]), as: UTF8.self)
    }

    /// The luma PSNR of `a` against `b` by FFmpeg's psnr filter (infinity for identical pictures).
    func psnr(_ a: String, _ b: String) throws -> Double {
        let log = a + ".psnr"
        _ = try tool("/usr/bin/ffmpeg", ["-v", "error", "-i", a, "-i", b, "-lavfi", "[0:v][1:v]psnr=stats_file=\(log)", "-f", "null", "-"])
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        let values = lines.compactMap { line in line.split(separator: " ").first { $0.hasPrefix("psnr_y:") }.map { String($0.dropFirst(7)) } }
        return values.map { $0 == "inf" ? Double.infinity : Double($0) ?? 0 }.min() ?? 0
    }

    /// A tool's standard output; fails the test when it fails.
    func tool(_ path: String, _ args: [String]) throws -> [UInt8] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "\(path) \(args)")
        return [UInt8](data)
    }
}
