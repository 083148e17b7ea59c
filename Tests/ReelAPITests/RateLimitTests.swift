import Foundation
@testable import ReelAPI
import XCTest

/// `limits.requestsPerMinute`: a token bucket per key (per client address without keys), 429 with
/// `Retry-After` past it, and the IETF `RateLimit`/`RateLimit-Policy` fields on every answer.
final class RateLimitTests: XCTestCase {
    let a = "alpha-key-0123456789abcdef"
    let b = "bravo-key-0123456789abcdef"

    /// The bucket's arithmetic on a clock of its own: a minute's worth at once, then one request
    /// every 60/rate seconds; a refused request says when the next one passes.
    func testTheBucketRefillsAtTheRate() {
        let limiter = RateLimiter(perMinute: 6)
        let second: UInt64 = 1_000_000_000
        var t: UInt64 = 1_000 * second
        for i in 0..<6 {
            let d = limiter.take("k", now: t)
            XCTAssertTrue(d.allowed, "request \(i)")
            XCTAssertEqual(d.remaining, 5 - i)
        }
        let refused = limiter.take("k", now: t)
        XCTAssertFalse(refused.allowed)
        XCTAssertEqual(refused.retryAfter, 10, "one token every 10 s")
        XCTAssertEqual(refused.resetSeconds, 60, "the whole minute to fill again")
        XCTAssertTrue(limiter.take("other", now: t).allowed, "another caller has its own bucket")
        t += 9 * second
        XCTAssertFalse(limiter.take("k", now: t).allowed, "not yet")
        t += 1 * second
        XCTAssertTrue(limiter.take("k", now: t).allowed, "10 s later, one more")
        XCTAssertFalse(limiter.take("k", now: t).allowed)
        // A request that read the clock just before another stamped the bucket refills nothing.
        XCTAssertFalse(limiter.take("k", now: t - 1).allowed, "an earlier reading does not wrap around into a full bucket")
        t += 600 * second
        XCTAssertEqual(limiter.take("k", now: t).remaining, 5, "a long pause refills to the minute's worth, no more")
        XCTAssertEqual(RateLimiter.caller(key: "", client: "127.0.0.1"), "ip:127.0.0.1")
        XCTAssertEqual(RateLimiter.caller(key: "abc", client: "127.0.0.1"), "key:abc")
    }

    func testAKeyOverItsRateIsAnsweredTooManyRequests() throws {
        let f = try ServiceFixture(keys: [a, b], env: ["REEL_REQUESTS_PER_MINUTE": "4"])
        let ca = try f.client(key: a)
        let id = try f.submit(##"{ "version": 1, "output": { "width": 32, "height": 32 }, "timeline": { "videos": [ { "color": "#000000", "duration": 0.5 } ] } }"##, key: a)
        // The submit took one; three more pass, on the pool and on the inline status path alike.
        for (i, path) in ["/v1/jobs", "/v1/jobs/\(id)", "/v1/templates"].enumerated() {
            let r = try ca.request("GET", path)
            XCTAssertEqual(r.status, 200, "\(path): \(r.text)")
            XCTAssertEqual(r.header("RateLimit-Policy"), #""default";q=4;w=60"#)
            XCTAssertTrue(r.header("RateLimit")?.hasPrefix(#""default";r=\#(2 - i);t="#) == true, "\(path): \(r.header("RateLimit") ?? "none")")
        }
        for path in ["/v1/jobs/\(id)", "/v1/jobs"] {
            let over = try ca.request("GET", path)
            XCTAssertEqual(over.status, 429, "\(path): \(over.text)")
            XCTAssertEqual(over.json["type"] as? String, "urn:reel:problem:too-many-requests")
            XCTAssertEqual(over.header("Retry-After"), "15", "one request every 15 s")
            XCTAssertTrue(over.header("RateLimit")?.hasPrefix(#""default";r=0;"#) == true, over.header("RateLimit") ?? "none")
        }
        // Another key has its own bucket; health, readiness and metrics are never limited.
        XCTAssertEqual(try f.client(key: b).request("GET", "/v1/jobs").status, 200)
        for path in ["/healthz", "/readyz", "/metrics"] { XCTAssertEqual(try ca.request("GET", path).status, 200, path) }
        let m = try ca.request("GET", "/metrics").text
        XCTAssertTrue(m.contains(#"reel_http_requests_total{route="job",method="GET",code="429"} 1"#), m)
    }

    /// Without keys, each client address has a bucket; the limit is off by default.
    func testWithoutKeysTheClientAddressCounts() throws {
        XCTAssertEqual(ServerConfiguration().requestsPerMinute, 0, "off unless configured")
        let f = try ServiceFixture(env: ["REEL_REQUESTS_PER_MINUTE": "2"])
        let c = try f.client()
        XCTAssertEqual(try c.request("GET", "/v1/jobs").status, 200)
        XCTAssertEqual(try c.request("GET", "/v1/jobs").status, 200)
        XCTAssertEqual(try c.request("GET", "/v1/jobs").status, 429)
    }
}
