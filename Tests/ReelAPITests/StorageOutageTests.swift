import Foundation
import ReelS3
import S3Fixtures
import TestSupport
import XCTest

/// A bucket that stops answering, or is deleted, is not the fault of the jobs in flight: their
/// chunk and output writes wait it out (no attempt spent) and succeed once it is back. Meanwhile
/// uploads are refused with 503 `storage-unavailable` and `Retry-After`, and `/readyz` says 503.
final class StorageOutageTests: XCTestCase {
    /// A colour card of `seconds` at 10 fps with a keyframe a second: chunks of 1 s.
    func spec(_ color: String, seconds: Int = 3) -> String {
        ##"{ "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10, "video": { "keyframeInterval": 1 } }, "timeline": { "videos": [ { "color": "\##(color)", "duration": \##(seconds) } ] } }"##
    }

    func assertStorageUnavailable(_ f: ServiceFixture, file: StaticString = #filePath, line: UInt = #line) throws {
        let c = try f.client()
        let ready = try c.request("GET", "/readyz")
        XCTAssertEqual(ready.status, 503, ready.text, file: file, line: line)
        XCTAssertEqual(ready.json["storage"] as? String, "unavailable", ready.text, file: file, line: line)
        XCTAssertNotNil(ready.header("Retry-After"), file: file, line: line)
        let upload = try c.request("POST", "/v1/assets", headers: [("Content-Type", "text/vtt")],
                                   body: Array("WEBVTT\n\n00:00.000 --> 00:01.000\nhello\n".utf8))
        XCTAssertEqual(upload.status, 503, upload.text, file: file, line: line)
        XCTAssertEqual(upload.json["type"] as? String, "urn:reel:problem:storage-unavailable", upload.text, file: file, line: line)
        XCTAssertNotNil(upload.header("Retry-After"), file: file, line: line)
    }

    func testChunkedJobsWaitOutA20SecondOutageWithoutSpendingAttempts() throws {
        let s3 = try TestS3.shared()
        let proxy = try OutageProxy(upstream: s3.port)
        var env = try s3.storageEnvironment()
        env["REEL_STORAGE_URL"] = try XCTUnwrap(env["REEL_STORAGE_URL"]).replacingOccurrences(of: ":\(s3.port)", with: ":\(proxy.port)")
        env["REEL_CHUNK_SECONDS"] = "1"
        let f = try ServiceFixture(workers: 2, env: env)
        XCTAssertEqual(try f.client().request("GET", "/readyz").status, 200)

        // Two jobs under way when the bucket goes, two submitted while it is gone (a colour card
        // needs no storage to be accepted): every one has a chunk or an output to write meanwhile.
        var ids = try [f.submit(spec("#FF0000", seconds: 30)), f.submit(spec("#00FF00", seconds: 30))]
        _ = try f.waitForJob(ids[0]) { $0["status"] as? String == "running" }
        try proxy.down()
        let outage = Date()
        XCTAssertEqual(try f.client().request("GET", "/v1/jobs/\(ids[0])").json["status"] as? String, "running",
                       "a job was under way when the bucket went")
        try assertStorageUnavailable(f)
        ids += try [f.submit(spec("#0000FF")), f.submit(spec("#FFFF00"))]
        // 20 s of outage, watched: no job may fail while the storage is out.
        var failed: [String] = []
        _ = Poll.until(seconds: 25, every: 0.5) {
            failed = ids.filter { (try? f.client().request("GET", "/v1/jobs/\($0)").json["status"] as? String) == "failed" }
            return !failed.isEmpty || Date().timeIntervalSince(outage) >= 20
        }
        XCTAssertEqual(failed, [], "no job fails while the storage is out")
        try proxy.up()

        for id in ids {
            let job = try f.waitForJob(id, timeout: 180) { ["succeeded", "failed", "canceled"].contains($0["status"] as? String ?? "") }
            XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
            XCTAssertEqual(job["attempts"] as? Int, 1, "the outage spent no attempt: \(job)")
            XCTAssertGreaterThan(job["chunks"] as? Int ?? 0, 1, "chunked: \(job)")
        }
        XCTAssertTrue(Poll.until(seconds: 30) { (try? f.client().request("GET", "/readyz").status) == 200 }, "ready again")
    }

    func testADeletedBucketIsStorageUnavailableUntilItIsBack() throws {
        let s3 = try TestS3.shared()
        let bucket = "reel-" + UUID().uuidString.prefix(8).lowercased()
        let f = try ServiceFixture(env: try s3.storageEnvironment(bucket: bucket))
        let client = try s3.client(bucket: bucket)
        XCTAssertEqual(try f.client().request("GET", "/readyz").status, 200)
        // The start-up probe's object is gone, but the server's listing may say so only later.
        var last: Error?
        XCTAssertTrue(Poll.until(seconds: 30, every: 0.5) {
            do { try client.deleteBucket(); return true } catch { last = error; return false }
        }, "the empty bucket could not be deleted: \(String(describing: last))")
        try assertStorageUnavailable(f)
        try client.createBucket()
        XCTAssertTrue(Poll.until(seconds: 30) { (try? f.client().request("GET", "/readyz").status) == 200 }, "ready once the bucket is back")
        _ = try f.succeeded(spec("#102030", seconds: 1))
    }
}
