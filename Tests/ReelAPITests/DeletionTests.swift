import Foundation
@testable import ReelAPI
@testable import ReelServer
import XCTest

/// DELETE of jobs and assets, and asset retention: records and files go together.
final class DeletionTests: XCTestCase {
    func testDeletingAJobRemovesItsOutputAndStopsItsRender() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let done = try f.submit(##"{ "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10 }, "timeline": { "videos": [ { "color": "#FF0000", "duration": 1 } ] } }"##)
        let finished = try f.waitForJob(done) { $0["status"] as? String == "succeeded" }
        XCTAssertEqual(finished["status"] as? String, "succeeded", "\(finished)")
        XCTAssertEqual(f.dataFiles("outputs"), ["\(done)-1.mp4"])
        let deleted = try c.request("DELETE", "/v1/jobs/\(done)")
        XCTAssertEqual(deleted.status, 204, deleted.text)
        XCTAssertEqual(f.dataFiles("outputs"), [], "the output file is gone from disk")
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(done)").status, 404)
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(done)/output").status, 404)
        XCTAssertEqual(try c.request("DELETE", "/v1/jobs/\(done)").status, 404)

        // A running job: deleted at once, its worker stops and leaves no file, and is free again.
        let running = try f.submit(ServiceFixture.longSpec())
        _ = try f.waitForJob(running) { $0["status"] as? String == "running" }
        XCTAssertEqual(try c.request("DELETE", "/v1/jobs/\(running)").status, 204)
        XCTAssertEqual(try c.request("GET", "/v1/jobs/\(running)").status, 404)
        let next = try f.submit(##"{ "version": 1, "output": { "width": 32, "height": 32 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }"##)
        let after = try f.waitForJob(next, timeout: 60) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(after["status"] as? String, "succeeded", "the single worker left the deleted render: \(after)")
        XCTAssertEqual(f.dataFiles("outputs"), ["\(next)-1.mp4"], "no partial file of the deleted render")
    }

    func testAnAssetInUseIsKeptUntilItsJobsEnd() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let asset = try f.uploadClip()
        XCTAssertEqual(f.dataFiles("assets"), [asset])
        let job = try f.submit(ServiceFixture.longSpec(extra: #", { "src": "upload:\#(asset)" }"#))
        _ = try f.waitForJob(job) { $0["status"] as? String == "running" }
        let refused = try c.request("DELETE", "/v1/assets/\(asset)")
        XCTAssertEqual(refused.status, 409, refused.text)
        XCTAssertEqual(refused.json["type"] as? String, "urn:reel:problem:asset-in-use")
        XCTAssertTrue(refused.text.contains(job), refused.text)
        // Retention does not take it either while the job runs.
        f.service.sweep(now: Int64(Date().timeIntervalSince1970 * 1000) + 1000 * 3600 * 1000)
        XCTAssertEqual(try c.request("GET", "/v1/assets/\(asset)").status, 200)
        XCTAssertEqual(f.dataFiles("assets"), [asset])
        XCTAssertEqual(try f.service.store.assetsInUse(), [asset], "what a node's cache keeps")

        XCTAssertEqual(try c.request("POST", "/v1/jobs/\(job)/cancel").status, 202)
        _ = try f.waitForJob(job) { $0["status"] as? String == "canceled" }
        XCTAssertEqual(try f.service.store.assetsInUse(), [])
        XCTAssertEqual(try c.request("DELETE", "/v1/assets/\(asset)").status, 204)
        XCTAssertEqual(f.dataFiles("assets"), [], "the file is gone from disk")
        XCTAssertEqual(try c.request("GET", "/v1/assets/\(asset)").status, 404)
        XCTAssertEqual(try c.request("DELETE", "/v1/assets/\(asset)").status, 404)
    }

    func testRetentionExpiresOldAssets() throws {
        let f = try ServiceFixture(env: ["REEL_ASSET_RETENTION_HOURS": "2"])
        let c = try f.client()
        let asset = try f.uploadClip()
        let shown = try c.request("GET", "/v1/assets/\(asset)").json
        XCTAssertNotNil(shown["expiresAt"] as? String, "\(shown)")
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        f.service.sweep(now: now + 3600 * 1000)
        XCTAssertEqual(f.dataFiles("assets"), [asset], "younger than 2 h: kept")
        f.service.sweep(now: now + 3 * 3600 * 1000)
        XCTAssertEqual(f.dataFiles("assets"), [], "older than 2 h: deleted")
        XCTAssertEqual(try c.request("GET", "/v1/assets/\(asset)").status, 404)
    }
}
