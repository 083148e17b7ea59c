import Foundation
import XCTest

/// The job lifecycle over real loopback sockets.
final class JobsAPITests: XCTestCase {
    let small = ##"{ "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10 }, "timeline": { "videos": [ { "color": "#FF0000", "duration": 1 }, { "src": "upload:ID" } ] } }"##

    /// A passthrough job reports how many frames it copied and encoded, through the store and the API.
    func testPassthroughJobReportsCopiedAndEncodedFrames() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=160x120:r=30:d=2", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-g", "15",
                      "-keyint_min", "15", "-sc_threshold", "0", "gop.mp4"])
        let data = try Data(contentsOf: URL(fileURLWithPath: f.root + "/media/gop.mp4"))
        let up = try f.client().request("POST", "/v1/assets", headers: [("Content-Type", "video/mp4")], body: [UInt8](data))
        XCTAssertEqual(up.status, 201, up.text)
        let asset = try XCTUnwrap(up.json["id"] as? String)
        let id = try f.submit(##"{ "version": 1, "output": { "preset": "passthrough" }, "timeline": { "videos": [ { "src": "upload:\##(asset)", "sourceRange": { "start": "5/30", "duration": "40/30" } } ] } }"##)
        let done = try f.waitForJob(id) { ["succeeded", "failed", "canceled"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
        let output = try XCTUnwrap(done["output"] as? [String: Any])
        // Frames 5…44: 5…14 up to the keyframe at 15 are encoded, the GOPs from 15 copied (all but
        // a cut GOP's last B-frames).
        let copied = try XCTUnwrap(output["copiedFrames"] as? Int), encoded = try XCTUnwrap(output["encodedFrames"] as? Int)
        XCTAssertEqual(copied + encoded, 40)
        XCTAssertGreaterThanOrEqual(encoded, 10)
        XCTAssertGreaterThanOrEqual(copied, 25)
    }

    /// A loudness target's job reports its output's measured loudness (LoudnessTests holds the
    /// numbers to FFmpeg's meter); a job without one reports none.
    func testALoudnessTargetsJobReportsTheOutputsLoudness() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "anoisesrc=d=4:c=pink:r=48000:a=0.3", "-ac", "2", "noise.wav"])
        let (_, job) = try f.succeeded(##"{ "version": 1, "output": { "format": "m4a", "audio": { "loudness": { "target": "podcast", "truePeak": -2 } } }, "timeline": { "voiceOvers": [ { "src": "noise.wav", "start": 0 } ] } }"##)
        let loudness = try XCTUnwrap((job["output"] as? [String: Any])?["loudness"] as? [String: Any], "\(job)")
        XCTAssertEqual(try XCTUnwrap(loudness["integrated"] as? Double), -16, accuracy: 0.5)
        XCTAssertLessThanOrEqual(try XCTUnwrap(loudness["truePeak"] as? Double), -2)
        XCTAssertNotNil(loudness["range"] as? Double)
        let (_, plain) = try f.succeeded(##"{ "version": 1, "output": { "format": "m4a" }, "timeline": { "voiceOvers": [ { "src": "noise.wav", "start": 0 } ] } }"##)
        XCTAssertNil((plain["output"] as? [String: Any])?["loudness"])
    }

    func testUploadSubmitPollDownloadWholeAndByRanges() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-f", "lavfi", "-i", "sine=d=1", "-c:v", "libx264", "-c:a", "aac", "-shortest", "clip.mp4"])
        let clip = try Data(contentsOf: URL(fileURLWithPath: f.root + "/media/clip.mp4"))
        let c = try f.client()
        let up = try c.request("POST", "/v1/assets", headers: [("Content-Type", "video/mp4"), ("X-Filename", "clip.mp4")], body: [UInt8](clip))
        XCTAssertEqual(up.status, 201, up.text)
        let asset = up.json
        let assetID = try XCTUnwrap(asset["id"] as? String)
        XCTAssertEqual(up.header("Location"), "/v1/assets/\(assetID)")
        XCTAssertEqual(asset["bytes"] as? Int, clip.count)
        XCTAssertEqual((asset["probe"] as? [String: Any])?["format"] as? String, "mov,mp4,m4a,3gp,3g2,mj2")
        XCTAssertEqual(try c.request("GET", "/v1/assets/\(assetID)").json["sha256"] as? String, asset["sha256"] as? String)

        let submitted = try c.json("POST", "/v1/jobs", small.replacingOccurrences(of: "ID", with: assetID))
        XCTAssertEqual(submitted.status, 202, submitted.text)
        let id = try XCTUnwrap(submitted.json["id"] as? String)
        XCTAssertEqual(submitted.header("Location"), "/v1/jobs/\(id)")
        XCTAssertEqual(submitted.json["status"] as? String, "queued")
        let done = try f.waitForJob(id) { ["succeeded", "failed", "canceled"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
        XCTAssertEqual(done["attempts"] as? Int, 1)
        XCTAssertEqual(done["progress"] as? Double, 1)
        let output = try XCTUnwrap(done["output"] as? [String: Any])
        XCTAssertEqual(output["duration"] as? Double, 2)
        XCTAssertEqual(output["copiedFrames"] as? Int, 0, "an ordinary render copies nothing")
        XCTAssertEqual(output["encodedFrames"] as? Int, 20)

        let whole = try c.request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(whole.status, 200)
        XCTAssertEqual(whole.body.count, output["bytes"] as? Int)
        XCTAssertEqual(whole.header("Content-Type"), "video/mp4")
        XCTAssertEqual(whole.header("Content-Disposition"), "attachment; filename=\"\(id).mp4\"", "named after the job, not the attempt")
        XCTAssertEqual(whole.header("Accept-Ranges"), "bytes")
        let etag = try XCTUnwrap(whole.header("ETag"))
        XCTAssertEqual(etag, "\"\(output["sha256"] as? String ?? "")\"")
        let size = whole.body.count
        for (range, expected, contentRange) in [("bytes=0-99", Array(whole.body[0..<100]), "bytes 0-99/\(size)"),
                                                ("bytes=-100", Array(whole.body[(size - 100)...]), "bytes \(size - 100)-\(size - 1)/\(size)"),
                                                ("bytes=50-", Array(whole.body[50...]), "bytes 50-\(size - 1)/\(size)")] {
            let part = try c.request("GET", "/v1/jobs/\(id)/output", headers: [("Range", range)])
            XCTAssertEqual(part.status, 206, range)
            XCTAssertEqual(part.body, expected, range)
            XCTAssertEqual(part.header("Content-Range"), contentRange)
        }
        let bad = try c.request("GET", "/v1/jobs/\(id)/output", headers: [("Range", "bytes=\(size)-")])
        XCTAssertEqual(bad.status, 416)
        XCTAssertEqual(bad.header("Content-Range"), "bytes */\(size)")
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(id)/output", headers: [("If-None-Match", etag)]).status, 304)
        let head = try c.request("HEAD", "/v1/jobs/\(id)/output")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), String(size))

        let thumb = try c.request("GET", "/v1/jobs/\(id)/thumbnail?time=0.5&width=32")
        XCTAssertEqual(thumb.status, 200, thumb.text)
        XCTAssertEqual(thumb.header("Content-Type"), "image/jpeg")
        XCTAssertEqual(Array(thumb.body.prefix(2)), [0xFF, 0xD8], "a JPEG")
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(id)/thumbnail?time=5").status, 422)

        let listed = try c.request("GET", "/v1/jobs?status=succeeded&limit=5").json
        XCTAssertEqual((listed["jobs"] as? [[String: Any]])?.map { $0["id"] as? String }, [id])
    }

    func testInvalidSpecIsA422ListingEveryPointer() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let r = try c.json("POST", "/v1/jobs", ##"""
        { "version": 1, "output": { "width": 641, "height": 480, "format": "avi" }, "extra": true,
          "timeline": { "videos": [ { "src": "missing.mp4" }, { "color": "#000000" } ] } }
        """##)
        XCTAssertEqual(r.status, 422)
        XCTAssertEqual(r.header("Content-Type"), "application/problem+json")
        let pointers = Set(((r.json["errors"] as? [[String: Any]]) ?? []).compactMap { $0["pointer"] as? String })
        // Structural problems and the missing source together, in one answer.
        XCTAssertEqual(pointers, ["/output/width", "/output/format", "/extra", "/timeline/videos/1/duration", "/timeline/videos/0/src"])
        XCTAssertEqual(r.json["status"] as? Int, 422)
        XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:validation")
        // Structurally valid, but a source is missing: still refused before queueing.
        let missing = try c.json("POST", "/v1/jobs", ##"{ "version": 1, "timeline": { "videos": [ { "src": "missing.mp4" } ] } }"##)
        XCTAssertEqual(missing.status, 422)
        XCTAssertEqual(((missing.json["errors"] as? [[String: Any]])?.first)?["pointer"] as? String, "/timeline/videos/0/src")
        XCTAssertEqual(try c.request("POST", "/v1/jobs", headers: [("Content-Type", "text/plain")], body: Array("{}".utf8)).status, 415)
        XCTAssertEqual(try c.json("POST", "/v1/jobs", "{ not json").status, 422)
        XCTAssertEqual(try c.request("GET", "/v1/jobs/job_nope").status, 404)
        XCTAssertEqual(try c.request("GET", "/v1/jobs?limit=0").status, 422)
    }

    func testIdempotencyKeyGivesOneJob() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let spec = ##"{ "version": 1, "output": { "width": 32, "height": 32 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }"##
        let a = try c.json("POST", "/v1/jobs", spec, headers: [("Idempotency-Key", "order-42")])
        let b = try c.json("POST", "/v1/jobs", spec, headers: [("Idempotency-Key", "order-42")])
        XCTAssertEqual(a.status, 202)
        XCTAssertEqual(b.status, 202)
        XCTAssertEqual(a.json["id"] as? String, b.json["id"] as? String)
        // The same JSON as another serialiser writes it (members reordered, other whitespace) is
        // the same request.
        let reordered = ##"{"timeline":{"videos":[{"duration":0.5,"color":"#00FF00"}]},"version":1,"output":{"height":32,"width":32}}"##
        let c2 = try c.json("POST", "/v1/jobs", reordered, headers: [("Idempotency-Key", "order-42")])
        XCTAssertEqual(c2.status, 202, c2.text)
        XCTAssertEqual(c2.json["id"] as? String, a.json["id"] as? String)
        let other = try c.json("POST", "/v1/jobs", spec.replacingOccurrences(of: "0.5", with: "1"), headers: [("Idempotency-Key", "order-42")])
        XCTAssertEqual(other.status, 422)
        XCTAssertEqual((try c.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 1)
    }

    func testCancelARunningJobAndConflictsAfter() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let r = try c.json("POST", "/v1/jobs", ##"{ "version": 1, "output": { "width": 1280, "height": 720, "video": { "preset": "medium" } }, "timeline": { "videos": [ { "color": "#0000FF", "duration": 300 } ] } }"##)
        let id = try XCTUnwrap(r.json["id"] as? String)
        _ = try f.waitForJob(id) { $0["status"] as? String == "running" }
        let cancel = try c.request("POST", "/v1/jobs/\(id)/cancel")
        XCTAssertEqual(cancel.status, 202)
        // The worker stops within a second or so; the bound is generous for a loaded machine, and
        // the 5-minute render cannot finish within it.
        let stopped = try f.waitForJob(id, timeout: 30) { ["succeeded", "failed", "canceled"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(stopped["status"] as? String, "canceled", "\(stopped)")
        XCTAssertEqual((stopped["error"] as? [String: Any])?["code"] as? String, "canceled")
        XCTAssertEqual(try c.request("POST", "/v1/jobs/\(id)/cancel").status, 409)
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(id)/output").status, 409)
    }

    func testProbeHealthAndMetrics() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "sine=d=1:sample_rate=22050", "tone.wav"])
        let c = try f.client()
        let probe = try c.json("POST", "/v1/probe", #"{ "src": "tone.wav" }"#)
        XCTAssertEqual(probe.status, 200, probe.text)
        XCTAssertEqual(((probe.json["streams"] as? [[String: Any]])?.first)?["sampleRate"] as? Int, 22050)
        let refused = try c.json("POST", "/v1/probe", #"{ "src": "../etc/passwd", "x": 1 }"#)
        XCTAssertEqual(refused.status, 422)
        XCTAssertEqual(Set(((refused.json["errors"] as? [[String: Any]]) ?? []).compactMap { $0["pointer"] as? String }), ["/x"])
        XCTAssertEqual(try c.request("GET", "/healthz").json["status"] as? String, "ok")
        let m = try c.request("GET", "/metrics")
        XCTAssertEqual(m.status, 200)
        XCTAssertTrue(m.text.contains("reel_jobs{status=\"queued\"} 0"), m.text)
        XCTAssertTrue(m.text.contains("reel_queue_depth 0"))
        XCTAssertTrue(m.text.contains("reel_http_requests_total{route=\"probe\",method=\"POST\",code=\"200\"} 1"), m.text)
        XCTAssertTrue(m.text.contains("reel_http_requests_total{route=\"probe\",method=\"POST\",code=\"422\"} 1"), m.text)
        XCTAssertTrue(m.text.contains("reel_http_requests_total{route=\"healthz\",method=\"GET\",code=\"200\"} 1"), m.text)
        XCTAssertTrue(m.text.contains("\nreel_workers 1\n"), m.text)
        XCTAssertTrue(m.text.contains("\nreel_workers_busy 0\n"), m.text)
        XCTAssertTrue(m.text.contains("reel_webhook_deliveries{status=\"pending\"} 0"), m.text)
        XCTAssertTrue(m.text.contains("reel_destination_copies{status=\"failed\"} 0"), m.text)
        // The data directory's disk, as statvfs says (within what other processes write meanwhile).
        var fs = statvfs()
        XCTAssertEqual(statvfs(f.root, &fs), 0)
        let free = Double(UInt64(fs.f_bavail) * UInt64(fs.f_frsize))
        let reported = m.text.split(separator: "\n").first { $0.hasPrefix("reel_disk_free_bytes ") }.flatMap { Double($0.split(separator: " ")[1]) }
        XCTAssertEqual(reported ?? -1, free, accuracy: 64 * 1_048_576, m.text)
        XCTAssertTrue(m.text.contains("reel_http_request_duration_seconds_count{route=\"healthz\"} 1"), m.text)
        XCTAssertTrue(m.text.contains("reel_http_request_duration_seconds_bucket{route=\"probe\",le=\"+Inf\"} 2"), m.text)
        XCTAssertTrue(m.text.contains("reel_job_outcomes_total{outcome=\"lease_expired\"} 0"), m.text)
        XCTAssertTrue(m.text.contains("reel_render_seconds_bucket{le=\"+Inf\"} 0"), m.text)
        XCTAssertTrue(m.text.contains("reel_build_info{version="), m.text)
        let rss = m.text.split(separator: "\n").first { $0.hasPrefix("process_resident_memory_bytes ") }
        XCTAssertGreaterThan(Int(rss?.split(separator: " ").last ?? "") ?? 0, 1 << 20, m.text)
        // Outcomes: a job succeeds, another is cancelled while queued behind a long one.
        let long = try f.submit(ServiceFixture.longSpec())
        _ = try f.waitForJob(long) { $0["status"] as? String == "running" }
        let queued = try f.submit(ServiceFixture.longSpec("#00FF00"))
        XCTAssertEqual(try c.request("POST", "/v1/jobs/\(queued)/cancel").status, 202)
        XCTAssertTrue(try c.request("GET", "/metrics").text.contains("reel_workers_busy 1"), "the long job renders")
        XCTAssertEqual(try c.request("DELETE", "/v1/jobs/\(long)").status, 204)
        let after = try c.request("GET", "/metrics").text
        XCTAssertTrue(after.contains("reel_job_outcomes_total{outcome=\"canceled\"} 2"), after)
    }

    /// A source that cannot be used is named as the client named it: its path under the media
    /// root, or `upload:ID`; the server's folders never appear (before: absolute paths).
    func testProblemsNameSourcesAsTheClientDid() throws {
        let f = try ServiceFixture(keys: ["a-key-of-sixteen-chars"])
        try f.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", "tone.m4a"])
        let relative = try f.client().json("POST", "/v1/jobs", #"{ "version": 1, "timeline": { "videos": [ { "src": "tone.m4a" } ] } }"#)
        XCTAssertEqual(relative.status, 422, relative.text)
        XCTAssertTrue(relative.text.contains("tone.m4a"), relative.text)
        XCTAssertFalse(relative.text.contains(f.root), relative.text)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: f.root + "/media/tone.m4a")))
        let up = try f.client().request("POST", "/v1/assets", headers: [("Content-Type", "audio/mp4")], body: bytes)
        XCTAssertEqual(up.status, 201, up.text)
        let asset = try XCTUnwrap(up.json["id"] as? String)
        let uploaded = try f.client().json("POST", "/v1/jobs", #"{ "version": 1, "timeline": { "videos": [ { "src": "upload:\#(asset)" } ] } }"#)
        XCTAssertEqual(uploaded.status, 422, uploaded.text)
        XCTAssertFalse(uploaded.text.contains(f.root), uploaded.text)
        XCTAssertFalse(uploaded.text.contains("/data/"), uploaded.text)

        // An upload whose header is sound but whose pictures are not fails while rendering.
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=2", "-c:v", "libx264", "damaged.mp4"])
        var clip = [UInt8](try Data(contentsOf: URL(fileURLWithPath: f.root + "/media/damaged.mp4")))
        for i in 64..<(clip.count * 2 / 3) { clip[i] = 0 }  // the media data, before the index at the end
        let damaged = try f.client().request("POST", "/v1/assets", headers: [("Content-Type", "video/mp4")], body: clip)
        XCTAssertEqual(damaged.status, 201, damaged.text)
        let damagedID = try XCTUnwrap(damaged.json["id"] as? String)
        let id = try f.submit(#"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "upload:\#(damagedID)" } ] } }"#)
        let job = try f.waitForJob(id) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        let message = (job["error"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertEqual(job["status"] as? String, "failed", "\(job)")
        XCTAssertTrue(message.contains("upload:\(damagedID)"), message)
        XCTAssertFalse(message.contains(f.root), message)
    }
    /// `GET /v1/jobs?metadata[KEY]=VALUE`: the key's jobs whose spec's metadata has that string
    /// member, with the status filter; a malformed or second filter is a 422 at `/metadata`.
    func testJobsAreFoundByTheirMetadata() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let spec = { (name: String) in ##"{ "version": 1, "metadata": { "name": "\##(name)" }, "output": { "width": 64, "height": 48 }, "timeline": { "videos": [ { "color": "#000000", "duration": 0.2 } ] } }"## }
        let holiday = try f.submit(spec("Holiday"))
        _ = try f.submit(spec("Work"))
        let listed = try c.request("GET", "/v1/jobs?metadata%5Bname%5D=Holiday")
        XCTAssertEqual(listed.status, 200, listed.text)
        XCTAssertEqual((listed.json["jobs"] as? [[String: Any]])?.map { $0["id"] as? String }, [holiday])
        let none = try c.request("GET", "/v1/jobs?metadata[name]=Holiday&status=failed")
        XCTAssertEqual((none.json["jobs"] as? [[String: Any]])?.count, 0)
        for bad in ["metadata[na%20me]=x", "metadata[]=x", "metadata[name]=a&metadata[other]=b"] {
            let r = try c.request("GET", "/v1/jobs?" + bad)
            XCTAssertEqual(r.status, 422, "\(bad): \(r.text)")
            XCTAssertEqual(((r.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String), "/metadata", bad)
        }
        // The console's search: the name containing the text, ASCII letters in either case.
        let found = try c.request("GET", "/v1/jobs?q=oLiD")
        XCTAssertEqual(found.status, 200, found.text)
        XCTAssertEqual((found.json["jobs"] as? [[String: Any]])?.map { $0["id"] as? String }, [holiday])
        XCTAssertEqual((try c.request("GET", "/v1/jobs?q=or").json["jobs"] as? [[String: Any]])?.count, 1)
        for bad in ["q=", "q=" + String(repeating: "x", count: 201), "q=a&metadata[name]=b"] {
            let r = try c.request("GET", "/v1/jobs?" + bad)
            XCTAssertEqual(r.status, 422, "\(bad): \(r.text)")
            XCTAssertEqual(((r.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String), "/q", bad)
        }
    }
}
