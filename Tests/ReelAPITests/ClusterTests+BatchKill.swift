import Foundation
import ReelStore
import StoreFixtures
import TestSupport
import XCTest

extension ClusterTests {
    /// A batch is created in one transaction: a node killed (kill -9) while PostgreSQL holds the
    /// batch's transaction open leaves none of its jobs; the same batch through another node then
    /// leaves all of them. The moment is found by watching PostgreSQL's own view of the node's
    /// transaction (`pg_stat_activity`), not by timing.
    func testANodeKilledMidBatchLeavesNoneOfItsJobsAndAWholeBatchLeavesAll() throws {
        let first = try node()
        let template = try XCTUnwrap(try TestClient(port: first.port).json("POST", "/v1/templates", BatchesAPITests.template).json["id"] as? String)
        let rows = (0..<1000).map { ##"{ "colour": "#10\##(String(format: "%04X", $0))", "seconds": 1, "name": "n\##($0)" }"## }.joined(separator: ", ")
        let body = ##"{ "template": "\##(template)", "rows": [ \##(rows) ] }"##
        let port = first.port
        DispatchQueue.global().async { _ = try? TestClient(port: port).json("POST", "/v1/batches", body) }
        let watcher = try PostgresConnection(url: database)
        let inserting = Poll.until(seconds: 120, every: 0.002) {
            let r = try? watcher.run("""
                SELECT COUNT(*) AS n FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL
                AND query LIKE '%INSERT INTO jobs%'
                """)
            return (try? r?.first?.int("n")) == 1
        }
        XCTAssertTrue(inserting, "the batch's transaction was seen inserting jobs")
        first.kill9()
        // PostgreSQL rolls the dead node's transaction back when its connection closes: once every
        // session of the node is gone.
        XCTAssertTrue(Poll.until(seconds: 30, every: 0.01) {
            (try? watcher.run("SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
                .first?.int("n")) == 0
        })
        XCTAssertEqual(try watcher.run("SELECT COUNT(*) AS n FROM jobs").first?.int("n"), 0, "none of the batch's jobs")
        XCTAssertEqual(try watcher.run("SELECT COUNT(*) AS n FROM batches").first?.int("n"), 0)

        let second = try node()
        defer { second.terminate() }
        let r = try TestClient(port: second.port).json("POST", "/v1/batches", body)
        XCTAssertEqual(r.status, 202, r.text)
        XCTAssertEqual(try watcher.run("SELECT COUNT(*) AS n FROM jobs").first?.int("n"), 1000, "all of them")
        let id = try XCTUnwrap(r.json["id"] as? String)
        XCTAssertEqual(try TestClient(port: second.port).request("DELETE", "/v1/batches/\(id)").status, 204)
    }
}
