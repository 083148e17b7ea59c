import Foundation
import ReelHTTP
import Synchronization
import S3Fixtures
import XCTest

/// http(s) sources through the server: fetched once into the node's cache (the probe at submit and
/// the render share one GET), redirects followed with every hop checked, a private address refused
/// unless its host is listed in `allowedHosts`, an answer of 4xx a 422 naming it.
final class URLSourceTests: XCTestCase {
    /// Serves files from a folder with single byte ranges, `/moved` as a redirect to the clip and
    /// `/away` as one to a host that is not listed; counts the GETs of each path.
    final class FileHost: HTTPHandler, @unchecked Sendable {
        let folder: String
        let gets = Mutex<[String: Int]>([:])
        init(folder: String) { self.folder = folder }
        func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { .none }
        func handle(_ r: HTTPRequest) -> HTTPResponse {
            gets.withLock { $0[r.head.path, default: 0] += 1 }
            if r.head.path == "/moved" { return HTTPResponse(status: 302, headers: ["Location": "/clip.mp4"]) }
            if r.head.path == "/away" { return HTTPResponse(status: 302, headers: ["Location": "http://localhost:1/clip.mp4"]) }
            let path = folder + r.head.path
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int64 else {
                return HTTPResponse(status: 404)
            }
            var h: HTTPHeaders = ["Accept-Ranges": "bytes", "Content-Type": "video/mp4"]
            if let range = r.head.headers["Range"], range.hasPrefix("bytes="), let start = Int64(range.dropFirst(6).split(separator: "-").first ?? ""),
               start < size {
                h.set("Content-Range", "bytes \(start)-\(size - 1)/\(size)")
                return HTTPResponse(status: 206, headers: h, body: .file(path: path, offset: start, length: size - start))
            }
            return HTTPResponse(status: 200, headers: h, body: .file(path: path, offset: 0, length: size))
        }
        func count(_ path: String) -> Int { gets.withLock { $0[path] ?? 0 } }
    }

    func testAListedHostIsFetchedOnceAndRedirectsAreFollowedWithEveryHopChecked() throws {
        let f = try ServiceFixture(env: ["REEL_ALLOWED_HOSTS": "127.0.0.1"])
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-c:v", "libx264", "-movflags", "+faststart", "clip.mp4"])
        let files = FileHost(folder: f.root + "/media")
        let host = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), handler: files)
        try host.start()
        defer { host.shutdown(gracePeriod: 1) }
        let c = try f.client()
        let spec = { (src: String) in ##"{ "version": 1, "timeline": { "videos": [ { "src": "\##(src)" } ] } }"## }

        for _ in 0..<2 {
            let ok = try c.json("POST", "/v1/jobs", spec("http://127.0.0.1:\(host.port)/clip.mp4"))
            XCTAssertEqual(ok.status, 202, ok.text)
            let id = try XCTUnwrap(ok.json["id"] as? String)
            let done = try f.waitForJob(id) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
            XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
            XCTAssertEqual((done["output"] as? [String: Any])?["duration"] as? Double, 1)
        }
        XCTAssertEqual(files.count("/clip.mp4"), 1, "two jobs' probes and renders read one copy")
        XCTAssertEqual(f.dataFiles("sources").count, 1, "kept in dataDir/sources")
        // A scheme in capitals is the same scheme (RFC 3986): the same rules, the same copy.
        let shouted = try c.json("POST", "/v1/jobs", spec("HTTP://127.0.0.1:\(host.port)/clip.mp4"))
        XCTAssertEqual(shouted.status, 202, shouted.text)
        let shoutedJob = try f.waitForJob(try XCTUnwrap(shouted.json["id"] as? String)) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(shoutedJob["status"] as? String, "succeeded", "\(shoutedJob)")
        XCTAssertEqual(f.dataFiles("sources").count, 1, "the one copy (the same bytes)")
        let shoutedAway = try c.json("POST", "/v1/jobs", spec("HTTPS://localhost:\(host.port)/clip.mp4"))
        XCTAssertEqual(shoutedAway.status, 422, shoutedAway.text)
        XCTAssertTrue(shoutedAway.text.contains("loopback"), "judged like any URL: \(shoutedAway.text)")

        let moved = try c.json("POST", "/v1/jobs", spec("http://127.0.0.1:\(host.port)/moved"))
        XCTAssertEqual(moved.status, 202, "a redirect is followed: \(moved.text)")

        let away = try c.json("POST", "/v1/jobs", spec("http://127.0.0.1:\(host.port)/away"))
        XCTAssertEqual(away.status, 422, away.text)
        XCTAssertTrue(away.text.contains("is on host localhost, which resolves to a loopback address"), away.text)
        XCTAssertTrue(away.text.contains("/timeline/videos/0/src"), away.text)

        let missing = try c.json("POST", "/v1/jobs", spec("http://127.0.0.1:\(host.port)/nothing.mp4"))
        XCTAssertEqual(missing.status, 422, missing.text)
        XCTAssertTrue(missing.text.contains("answers HTTP 404"), missing.text)
    }

    /// A job cut into chunks: every chunk, on either worker, reads the one copy.
    func testAChunkedJobsChunksReadTheOneCopy() throws {
        let f = try ServiceFixture(workers: 2, env: ["REEL_ALLOWED_HOSTS": "127.0.0.1", "REEL_CHUNK_SECONDS": "1"])
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=4", "-c:v", "libx264", "-movflags", "+faststart", "long.mp4"])
        let files = FileHost(folder: f.root + "/media")
        let host = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), handler: files)
        try host.start()
        defer { host.shutdown(gracePeriod: 1) }
        let (_, job) = try f.succeeded(##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "http://127.0.0.1:\##(host.port)/long.mp4" } ] } }"##)
        XCTAssertGreaterThan(job["chunks"] as? Int ?? 0, 1, "cut into chunks: \(job)")
        XCTAssertEqual((job["output"] as? [String: Any])?["duration"] as? Double, 4)
        XCTAssertEqual(files.count("/long.mp4"), 1, "one GET for the probe, the plan and every chunk")
    }

    /// Without `allowedHosts`, every loopback, private or metadata address is refused, however it
    /// is spelled, and the answer says why without naming the address.
    func testPrivateAddressesAreRefusedWithoutListing() throws {
        let f = try ServiceFixture()
        for (src, reason) in [("http://127.0.0.1:9/a.mp4", "a loopback address"), ("http://0x7f000001/a.mp4", "a loopback address"),
                              ("http://2130706433/a.mp4", "a loopback address"), ("http://[::1]/a.mp4", "a loopback address"),
                              ("http://169.254.169.254/latest/meta-data/", "a cloud metadata address"),
                              ("http://10.1.2.3/a.mp4", "a private address"), ("http://localhost/a.mp4", "a loopback address")] {
            let r = try f.client().json("POST", "/v1/probe", #"{ "src": "\#(src)" }"#)
            XCTAssertEqual(r.status, 422, "\(src): \(r.text)")
            XCTAssertTrue(r.text.contains("which resolves to \(reason)"), "\(src): \(r.text)")
        }
    }

    /// A source server answering 503 may recover: the spec is not refused as invalid (422) but
    /// answered 503 with Retry-After, and nothing is queued.
    func testAnUnavailableSourceIsA503NotA422() throws {
        let f = try ServiceFixture(env: ["REEL_ALLOWED_HOSTS": "127.0.0.1"])
        let host = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), handler: Unavailable())
        try host.start()
        defer { host.shutdown(gracePeriod: 1) }
        let c = try f.client()
        let r = try c.json("POST", "/v1/jobs", ##"{ "version": 1, "timeline": { "videos": [ { "src": "http://127.0.0.1:\##(host.port)/clip.mp4" } ] } }"##)
        XCTAssertEqual(r.status, 503, r.text)
        XCTAssertEqual(r.header("Retry-After"), "30")
        XCTAssertTrue(r.text.contains("/timeline/videos/0/src"), r.text)
        XCTAssertEqual((try c.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 0, "nothing queued")
    }

    final class Unavailable: HTTPHandler, @unchecked Sendable {
        func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { .none }
        func handle(_ r: HTTPRequest) -> HTTPResponse { HTTPResponse(status: 503) }
    }
}

/// `s3://bucket/key` sources, from the buckets `sourceBuckets` lists, read with the server's
/// credentials into the node's cache; any other bucket, or a key that is not there, is a 422.
final class BucketSourceTests: XCTestCase {
    func testAListedBucketsObjectRendersAndOthersAreRefused() throws {
        let s3 = try TestS3.shared()
        let media = try s3.client()
        let bucket = media.endpoint.bucket
        let url = "s3://\(bucket)?endpoint=http://127.0.0.1:\(s3.port)&region=us-east-1&pathStyle=true"
        let f = try ServiceFixture(env: ["REEL_SOURCE_BUCKETS": url, "AWS_ACCESS_KEY_ID": TestS3.accessKey,
                                         "AWS_SECRET_ACCESS_KEY": TestS3.secret])
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-c:v", "libx264", "clip.mp4"])
        try media.upload(file: f.root + "/media/clip.mp4", to: "in/clip.mp4")
        try FileManager.default.removeItem(atPath: f.root + "/media/clip.mp4")
        let (_, job) = try f.succeeded(##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "s3://\##(bucket)/in/clip.mp4" } ] } }"##)
        XCTAssertEqual((job["output"] as? [String: Any])?["duration"] as? Double, 1)
        XCTAssertEqual(f.dataFiles("sources").count, 1, "read from the node's cache")

        let c = try f.client()
        for (src, words) in [("s3://other-bucket/in/clip.mp4", "names the bucket other-bucket, which is not one of this server's sourceBuckets"),
                             ("s3://\(bucket)/in/none.mp4", "names no object in its bucket")] {
            let r = try c.json("POST", "/v1/probe", #"{ "src": "\#(src)" }"#)
            XCTAssertEqual(r.status, 422, r.text)
            XCTAssertTrue(r.text.contains(words), r.text)
        }
        let plain = try ServiceFixture()
        let unset = try plain.client().json("POST", "/v1/probe", #"{ "src": "s3://\#(bucket)/in/clip.mp4" }"#)
        XCTAssertEqual(unset.status, 422)
        XCTAssertTrue(unset.text.contains("not one of this server's sourceBuckets"), unset.text)
    }
}
