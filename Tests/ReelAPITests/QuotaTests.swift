import Foundation
import XCTest

/// Per-key limits on queued and running jobs (429 + Retry-After), and the server's cost limit (422).
final class QuotaTests: XCTestCase {
    let alpha = "alpha-key-0123456789abcdef"
    let beta = "beta-key-0123456789abcdef"

    func testQueuedJobsPerKeyIs429WithRetryAfterAndRunningJobsDoNotCount() throws {
        let f = try ServiceFixture(keys: [alpha, beta], env: ["REEL_QUEUED_JOBS_PER_KEY": "2"])
        let a = try f.client(key: alpha)
        let first = try f.submit(ServiceFixture.longSpec("#000001"), key: alpha)
        _ = try f.waitForJob(first, key: alpha) { $0["status"] as? String == "running" }
        let second = try f.submit(ServiceFixture.longSpec("#000002"), key: alpha)
        _ = try f.submit(ServiceFixture.longSpec("#000003"), key: alpha)
        let fourth = try a.json("POST", "/v1/jobs", ServiceFixture.longSpec("#000004"))
        XCTAssertEqual(fourth.status, 429, fourth.text)
        XCTAssertEqual(fourth.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(fourth.json["type"] as? String, "urn:reel:problem:too-many-jobs")
        let retry = try XCTUnwrap(fourth.header("Retry-After").flatMap { Int($0) }, "\(fourth.headers)")
        XCTAssertEqual(retry, 30, "no job of the key ended yet: the default wait")
        XCTAssertTrue(fourth.text.contains("limits.queuedJobsPerKey"), fourth.text)
        XCTAssertEqual((try a.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 3, "one running and two queued: nothing more")
        // Another key has its own allowance.
        _ = try f.submit(ServiceFixture.longSpec("#000005"), key: beta)
        // A job leaving the queue frees a place.
        XCTAssertEqual(try a.request("POST", "/v1/jobs/\(second)/cancel").status, 202)
        XCTAssertEqual(try a.json("POST", "/v1/jobs", ServiceFixture.longSpec("#000004")).status, 202)
    }

    func testAJobOverTheCostLimitIs422NamingIt() throws {
        // 64 × 64 pixels × 10 fps × 2 s.
        let f = try ServiceFixture(env: ["REEL_MAX_JOB_PIXELS": "81920"])
        let c = try f.client()
        let spec = { (d: String) in ##"{ "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10 }, "timeline": { "videos": [ { "color": "#FF0000", "duration": \##(d) } ] } }"## }
        let big = try c.json("POST", "/v1/jobs", spec("2.1"))
        XCTAssertEqual(big.status, 422, big.text)
        XCTAssertEqual(big.json["type"] as? String, "urn:reel:problem:job-too-large")
        let error = try XCTUnwrap((big.json["errors"] as? [[String: Any]])?.first)
        XCTAssertEqual(error["pointer"] as? String, "/output")
        XCTAssertTrue((error["message"] as? String ?? "").contains("limits.maxJobPixels"), "\(error)")
        XCTAssertEqual(try c.json("POST", "/v1/jobs", spec("2")).status, 202, "exactly at the limit is allowed")
    }
}
