import Foundation
import XCTest

/// Per-key limits on queued and running jobs (429 + Retry-After), and the server's cost limit (422).
final class QuotaTests: XCTestCase {
    let alpha = "alpha-key-0123456789abcdef"
    let beta = "beta-key-0123456789abcdef"

    func testActiveJobsPerKeyIs429WithRetryAfter() throws {
        let f = try ServiceFixture(keys: [alpha, beta], env: ["REEL_ACTIVE_JOBS_PER_KEY": "2"])
        let a = try f.client(key: alpha)
        let first = try f.submit(ServiceFixture.longSpec("#000001"), key: alpha)
        _ = try f.submit(ServiceFixture.longSpec("#000002"), key: alpha)
        let third = try a.json("POST", "/v1/jobs", ServiceFixture.longSpec("#000003"))
        XCTAssertEqual(third.status, 429, third.text)
        XCTAssertEqual(third.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(third.json["type"] as? String, "urn:reel:problem:too-many-jobs")
        let retry = try XCTUnwrap(third.header("Retry-After").flatMap { Int($0) }, "\(third.headers)")
        XCTAssertGreaterThanOrEqual(retry, 1)
        XCTAssertTrue(third.text.contains("limits.activeJobsPerKey"), third.text)
        XCTAssertEqual((try a.request("GET", "/v1/jobs").json["jobs"] as? [Any])?.count, 2, "nothing was queued")
        // Another key has its own allowance.
        _ = try f.submit(ServiceFixture.longSpec("#000004"), key: beta)
        // A finished job frees a slot.
        XCTAssertEqual(try a.request("POST", "/v1/jobs/\(first)/cancel").status, 202)
        _ = try f.waitForJob(first, key: alpha) { $0["status"] as? String == "canceled" }
        XCTAssertEqual(try a.json("POST", "/v1/jobs", ServiceFixture.longSpec("#000003")).status, 202)
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
