import Foundation
import XCTest

/// HTTP conformance findings of the schemathesis run, over loopback: 404/405 before any body,
/// `Allow` per route, opaque cursors, lists without specs unless asked, If-Range, Cache-Control on
/// outputs, and `instance` = the request id in every problem.
final class ConformanceTests: XCTestCase {
    let spec = ##"{ "version": 1, "output": { "width": 32, "height": 32, "frameRate": 10 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 1 } ] } }"##

    func testUnknownRoutesAndWrongMethodsAreRefusedBeforeTheirBody() throws {
        let f = try ServiceFixture()
        let put = try f.client().request("PUT", "/v1/jobs/job_x", headers: [("Content-Type", "application/json")], body: Array("{\"a\":1}".utf8))
        XCTAssertEqual(put.status, 405, put.text)
        XCTAssertEqual(put.header("Allow"), "GET, HEAD, DELETE, OPTIONS")
        let post = try f.client().request("POST", "/v1/nothing", headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
        XCTAssertEqual(post.status, 404, post.text)
        let cancel = try f.client().request("GET", "/v1/jobs/job_x/cancel")
        XCTAssertEqual(cancel.status, 405)
        XCTAssertEqual(cancel.header("Allow"), "POST, OPTIONS")
        let options = try f.client().request("OPTIONS", "/v1/jobs")
        XCTAssertEqual(options.status, 204)
        XCTAssertEqual(options.header("Allow"), "GET, HEAD, POST, OPTIONS")
        XCTAssertEqual(try f.client().request("OPTIONS", "/readyz").header("Allow"), "GET, HEAD, OPTIONS")
        XCTAssertEqual(try f.client().request("OPTIONS", "/v1/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV").status, 204)
        XCTAssertEqual(try f.client().request("OPTIONS", "/v1/jobs/%C2%84").status, 404, "not an id Reel issues")
        XCTAssertEqual(try f.client().request("OPTIONS", "/v1/templates/tpl_01ARZ3NDEKTSV4RRFFQ69G5FAI").status, 404, "I is not Crockford base32")
    }

    func testProblemsNameTheirRequestID() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        for r in [try c.request("GET", "/v1/jobs/job_none"), try c.request("GET", "/v1/jobs?limit=0"),
                  try c.request("DELETE", "/v1/jobs")] {
            XCTAssertEqual(r.header("Content-Type"), "application/problem+json")
            let id = try XCTUnwrap(r.header("X-Request-Id"))
            XCTAssertEqual(r.json["instance"] as? String, id, r.text)
        }
        // One the HTTP layer refuses itself.
        let raw = try f.client()
        raw.send(Array("GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n".utf8))
        let bad = try raw.read()
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.json["instance"] as? String, bad.header("X-Request-Id"))
    }

    func testCursorsAreOpaqueAndListsCarrySpecsOnlyWhenAsked() throws {
        let f = try ServiceFixture(workers: 1)
        let ids = [try f.submit(spec), try f.submit(spec), try f.submit(spec)]
        let c = try f.client()
        let first = try c.request("GET", "/v1/jobs?limit=2").json
        let jobs = try XCTUnwrap(first["jobs"] as? [[String: Any]])
        XCTAssertEqual(jobs.map { $0["id"] as? String }, [ids[2], ids[1]])
        XCTAssertTrue(jobs.allSatisfy { $0["spec"] == nil && $0["status"] != nil }, "no spec unless asked")
        let cursor = try XCTUnwrap(first["nextCursor"] as? String)
        XCTAssertTrue(cursor.hasPrefix("c1") && Int64(cursor) == nil && Int64(cursor.dropFirst(2)) == nil, cursor)
        let second = try c.request("GET", "/v1/jobs?limit=2&cursor=\(cursor)&include=spec").json
        let rest = try XCTUnwrap(second["jobs"] as? [[String: Any]])
        XCTAssertEqual(rest.map { $0["id"] as? String }, [ids[0]])
        XCTAssertEqual((rest.first?["spec"] as? [String: Any])?["version"] as? Int, 1)
        XCTAssertTrue(second["nextCursor"] is NSNull)
        for bad in ["7", "c1", "c1!!", cursor + "x"] {
            let r = try c.request("GET", "/v1/jobs?cursor=\(bad)")
            XCTAssertEqual(r.status, 422, bad)
            XCTAssertEqual((r.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String, "/cursor")
        }
        XCTAssertEqual(try c.request("GET", "/v1/jobs?include=everything").status, 422)
        XCTAssertNotNil(try c.request("GET", "/v1/jobs/\(ids[0])").json["spec"], "a single job has its spec")
    }

    func testOutputsAreImmutableAndIfRangeIsHonoured() throws {
        let f = try ServiceFixture()
        let id = try f.submit(spec)
        _ = try f.waitForJob(id) { $0["status"] as? String == "succeeded" }
        let c = try f.client()
        let whole = try c.request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(whole.header("Cache-Control"), "private, max-age=31536000, immutable")
        let etag = try XCTUnwrap(whole.header("ETag"))
        let modified = try XCTUnwrap(whole.header("Last-Modified"))
        let same = try c.request("GET", "/v1/jobs/\(id)/output", headers: [("Range", "bytes=0-9"), ("If-Range", etag)])
        XCTAssertEqual(same.status, 206)
        XCTAssertEqual(same.body, Array(whole.body[0..<10]))
        let byDate = try c.request("GET", "/v1/jobs/\(id)/output", headers: [("Range", "bytes=0-9"), ("If-Range", modified)])
        XCTAssertEqual(byDate.status, 206)
        let changed = try c.request("GET", "/v1/jobs/\(id)/output", headers: [("Range", "bytes=0-9"), ("If-Range", "\"another\"")])
        XCTAssertEqual(changed.status, 200, "a changed file is sent whole")
        XCTAssertEqual(changed.body, whole.body)
        XCTAssertNil(changed.header("Content-Range"))
    }
}
