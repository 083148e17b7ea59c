import Foundation
import TestSupport
import XCTest

/// A single machine's SQLite store taken into the cluster by its first node (`importSQLite`):
/// the finished job and its output (still where the machine left it) are served by the cluster,
/// which goes on taking jobs, and a node that starts later imports nothing. (The queue's order and
/// every table's rows: `StoreImportTests`.)
extension ClusterTests {
    func testTheFirstNodeTakesASingleMachinesSQLiteStoreWithIt() throws {
        let single = try ServerProcess(root: root, env: ["REEL_WORKERS": "1"])
        let finished = try XCTUnwrap(try TestClient(port: single.port).json("POST", "/v1/jobs", Self.tiny("#11AA33")).json["id"] as? String)
        XCTAssertEqual(poll(single.port, finished, seconds: 120, until: Self.finished)["status"] as? String, "succeeded")
        let output = try TestClient(port: single.port).request("GET", "/v1/jobs/\(finished)/output")
        XCTAssertEqual(output.status, 200)
        XCTAssertTrue(single.terminate(), "the machine stops before its store moves")

        let env = ["REEL_DATABASE_URL": database, "REEL_IMPORT_SQLITE": root + "/data/reel.db"]
        let first = try ServerProcess(root: root, env: env)
        defer { first.terminate() }
        XCTAssertEqual(lines([first], "SQLite store imported", root + "/data/reel.db").count, 1, "\(first.logLines.suffix(5))")
        let job = try TestClient(port: first.port).request("GET", "/v1/jobs/\(finished)").json
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        let again = try TestClient(port: first.port).request("GET", "/v1/jobs/\(finished)/output")
        XCTAssertEqual(again.status, 200, again.text)
        XCTAssertTrue(again.body == output.body, "the output the machine made, still referenced (no sweep took it)")

        // The cluster goes on: a new job renders, and a node that starts now imports nothing.
        let next = try XCTUnwrap(try TestClient(port: first.port).json("POST", "/v1/jobs", Self.tiny("#3311AA")).json["id"] as? String)
        XCTAssertEqual(poll(first.port, next, seconds: 120, until: Self.finished)["status"] as? String, "succeeded")
        let second = try ServerProcess(root: root, env: env)
        defer { second.terminate() }
        XCTAssertEqual(lines([second], "SQLite store not imported", root + "/data/reel.db").count, 1, "\(second.logLines.suffix(5))")
        let listed = try TestClient(port: second.port).request("GET", "/v1/jobs").json["jobs"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(listed.compactMap { $0["id"] as? String }), [finished, next], "each job once")
    }
}
