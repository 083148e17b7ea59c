import Foundation
import ReelAPI
import XCTest

/// CORS for browser clients: off by default, preflights per route, allowed origins only.
final class CORSTests: XCTestCase {
    let key = "alpha-key-0123456789abcdef"
    let app = "https://app.example.com"

    func testOffByDefault() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let pre = try c.request("OPTIONS", "/v1/jobs", headers: [("Origin", app), ("Access-Control-Request-Method", "POST")])
        XCTAssertEqual(pre.status, 204)
        XCTAssertEqual(pre.header("Allow"), "GET, HEAD, POST, OPTIONS")
        XCTAssertNil(pre.header("Access-Control-Allow-Origin"))
        XCTAssertNil(try c.request("GET", "/v1/jobs", headers: [("Origin", app)]).header("Access-Control-Allow-Origin"))
    }

    func testPreflightsPerRouteForAllowedOrigins() throws {
        let f = try ServiceFixture(keys: [key], env: ["REEL_CORS_ORIGINS": app])
        let anonymous = try TestClient(port: f.port)
        // A preflight carries no key and is answered anyway, with the route's own methods.
        for (path, methods) in [("/v1/jobs", "GET, HEAD, POST, OPTIONS"), ("/v1/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV", "GET, HEAD, DELETE, OPTIONS"),
                                ("/v1/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV/cancel", "POST, OPTIONS"), ("/v1/templates", "GET, HEAD, POST, OPTIONS"),
                                ("/v1/assets/asset_01ARZ3NDEKTSV4RRFFQ69G5FAV", "GET, HEAD, DELETE, OPTIONS")] {
            let r = try anonymous.request("OPTIONS", path, headers: [("Origin", app), ("Access-Control-Request-Method", "DELETE"),
                                                                     ("Access-Control-Request-Headers", "authorization, content-type")])
            XCTAssertEqual(r.status, 204, path)
            XCTAssertEqual(r.header("Allow"), methods, path)
            XCTAssertEqual(r.header("Access-Control-Allow-Origin"), app, path)
            XCTAssertEqual(r.header("Access-Control-Allow-Methods"), methods, path)
            // Every request header the server honours.
            let allowed = Set((r.header("Access-Control-Allow-Headers") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            for h in ["authorization", "content-type", "idempotency-key", "range", "if-range", "if-none-match", "x-filename", "x-request-id", "traceparent"] {
                XCTAssertTrue(allowed.contains(h), "\(path): \(h) in \(allowed)")
            }
            XCTAssertEqual(r.header("Vary"), "Origin")
            XCTAssertNotNil(r.header("Access-Control-Max-Age"))
        }
        let stranger = try anonymous.request("OPTIONS", "/v1/jobs", headers: [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "POST")])
        XCTAssertEqual(stranger.status, 204)
        XCTAssertNil(stranger.header("Access-Control-Allow-Origin"), "an origin not listed gets no grant")
        XCTAssertEqual(try anonymous.request("OPTIONS", "/v1/nothing", headers: [("Origin", app)]).status, 404)

        // Actual responses, errors included, carry the grant and the headers a script may read.
        let listed = try f.client().request("GET", "/v1/jobs", headers: [("Origin", app)])
        XCTAssertEqual(listed.status, 200)
        XCTAssertEqual(listed.header("Access-Control-Allow-Origin"), app)
        let exposed = Set((listed.header("Access-Control-Expose-Headers") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        for h in ["Location", "ETag", "Content-Range", "Retry-After", "X-Request-Id", "Accept-Ranges", "Content-Disposition", "RateLimit", "RateLimit-Policy"] {
            XCTAssertTrue(exposed.contains(h), "\(h) in \(exposed)")
        }
        let refused = try anonymous.request("GET", "/v1/jobs", headers: [("Origin", app)])
        XCTAssertEqual(refused.status, 401)
        XCTAssertEqual(refused.header("Access-Control-Allow-Origin"), app)
        XCTAssertTrue(refused.header("Access-Control-Expose-Headers")?.contains("WWW-Authenticate") == true)

        XCTAssertThrowsError(try ServerConfiguration.load(path: nil, environment: ["REEL_CORS_ORIGINS": "https://app.example.com/"]),
                             "an origin has no path")
        let any = try ServiceFixture(env: ["REEL_CORS_ORIGINS": "*"])
        XCTAssertEqual(try any.client().request("GET", "/healthz", headers: [("Origin", "https://x.example")]).header("Access-Control-Allow-Origin"), "*")
    }
}
