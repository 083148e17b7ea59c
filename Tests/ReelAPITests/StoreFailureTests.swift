import Foundation
@testable import ReelAPI
@testable import ReelServer
@testable import ReelStore
@testable import ReelWorker
import TestSupport
import XCTest

/// A locked, full or read-only job store as clients see it: clear statuses, never a 500, and GETs
/// served meanwhile; `/readyz` says when the store cannot be written.
final class StoreFailureTests: XCTestCase {
    let spec = ##"{ "version": 1, "output": { "width": 32, "height": 32 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 0.5 } ] } }"##

    func testALockedDatabaseIs503WithRetryAfterWhileGETsAreServed() throws {
        let f = try ServiceFixture(storeBusyTimeoutMillis: 5000)
        let id = try f.submit(spec)
        XCTAssertEqual(try f.client().request("GET", "/readyz").status, 200)
        // Another process holds the write lock.
        let foreign = try SQLiteDatabase(path: f.root + "/data/reel.db")
        try foreign.execute("BEGIN IMMEDIATE")
        defer { try? foreign.execute("ROLLBACK") }
        let writer = try f.client()
        let waitsBefore = SQLiteDatabase.busyWaits
        writer.send(Array("POST /v1/jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(spec.utf8.count)\r\n\r\n\(spec)".utf8))
        XCTAssertTrue(Poll.until(seconds: 10) { SQLiteDatabase.busyWaits > waitsBefore }, "the POST waits for the lock on a handler thread")
        let reader = try f.client()
        for _ in 0..<5 {
            let r = try reader.request("GET", "/v1/jobs/\(id)")
            XCTAssertEqual(r.status, 200)
        }
        // With one store-wide mutex these GETs waited behind the POST and came after its answer.
        XCTAssertFalse(writer.hasPendingData(), "the GETs were answered while the POST waited for the lock")
        let ready = try reader.request("GET", "/readyz")
        XCTAssertEqual(ready.status, 503, ready.text)
        XCTAssertEqual(ready.json["store"] as? String, "locked by another writer")
        XCTAssertNotNil(ready.header("Retry-After"))
        XCTAssertEqual(try reader.request("GET", "/healthz").status, 200, "liveness is not readiness")
        let refused = try writer.read()
        XCTAssertEqual(refused.status, 503, refused.text)
        XCTAssertEqual(refused.json["type"] as? String, "urn:reel:problem:store-busy")
        XCTAssertEqual(refused.header("Retry-After"), "2")
        try foreign.execute("ROLLBACK")
        XCTAssertEqual(try f.client().json("POST", "/v1/jobs", spec).status, 202, "writes work again")
    }

    func testAFullDiskIs507AndNothingIsQueued() throws {
        let f = try ServiceFixture()
        _ = try f.submit(spec)
        let sqlite = try XCTUnwrap((f.service.store as? SQLJobStore)?.backend as? SQLiteBackend)
        sqlite.simulateFullDisk(pages: try sqlite.pageCount())
        // A body of a few hundred kilobytes needs pages the database may not grow to.
        let padded = spec.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 1," + String(repeating: " ", count: 300_000))
        let r = try f.client().json("POST", "/v1/jobs", padded)
        XCTAssertEqual(r.status, 507, r.text)
        XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:insufficient-storage")
        XCTAssertEqual(try f.service.store.list(status: nil, limit: 10, cursor: nil).jobs.count, 1)
        XCTAssertEqual(try f.client().request("GET", "/v1/jobs").status, 200, "reads go on")
    }

    /// A store file the server may not write: `/readyz` says so, submits are 503 `store-read-only`,
    /// and once the file may be written again the store recovers at once, without a restart
    /// (before: ready said 200, and submits stayed 503 on the read-only connections for minutes).
    func testAReadOnlyStoreIsNotReadyAndRecoversWithoutARestart() throws {
        let f = try ServiceFixture()
        let sqlite = try XCTUnwrap((f.service.store as? SQLJobStore)?.backend as? SQLiteBackend)
        sqlite.simulateReadOnlyFile(true)
        let ready = try f.client().request("GET", "/readyz")
        XCTAssertEqual(ready.status, 503, ready.text)
        XCTAssertEqual(ready.json["store"] as? String, "read-only")
        for _ in 0..<3 {
            let r = try f.client().json("POST", "/v1/jobs", spec)
            XCTAssertEqual(r.status, 503, r.text)
            XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:store-read-only")
        }
        XCTAssertEqual(try f.client().request("GET", "/v1/jobs").status, 200, "reads go on")
        sqlite.simulateReadOnlyFile(false)
        XCTAssertEqual(try f.client().json("POST", "/v1/jobs", spec).status, 202, "writable again: the next submit is taken")
        XCTAssertEqual(try f.client().request("GET", "/readyz").status, 200)
    }

    /// The store's files made immutable under the running server (`chattr +i`, as an operator or a
    /// failing disk might): the open connections may still take the lock, so readiness must try a
    /// real write. `/readyz` is 503 read-only and submits are 503 `store-read-only`, never a 500;
    /// once the files are mutable again both recover. Needs root and a file system with `chattr`.
    func testAnImmutableStoreFileIsNotReadyAndSubmitsAre503() throws {
        guard getuid() == 0 else { throw XCTSkip("chattr +i needs root") }
        let f = try ServiceFixture()
        _ = try f.succeeded(spec)
        XCTAssertEqual(try f.client().request("GET", "/readyz").status, 200)
        let files = ["reel.db", "reel.db-wal"].map { f.root + "/data/" + $0 }
        func chattr(_ flag: String) throws -> Int32 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["chattr", flag] + files
            try p.run()
            p.waitUntilExit()
            return p.terminationStatus
        }
        guard try chattr("+i") == 0 else { throw XCTSkip("this file system does not take chattr +i") }
        defer { _ = try? chattr("-i") }
        let ready = try f.client().request("GET", "/readyz")
        XCTAssertEqual(ready.status, 503, ready.text)
        XCTAssertEqual(ready.json["store"] as? String, "read-only", ready.text)
        for _ in 0..<3 {
            let r = try f.client().json("POST", "/v1/jobs", spec)
            XCTAssertEqual(r.status, 503, r.text)
            XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:store-read-only", r.text)
        }
        XCTAssertEqual(try chattr("-i"), 0)
        XCTAssertTrue(try Poll.until(seconds: 30) { try f.client().request("GET", "/readyz").status == 200 }, "ready again")
        XCTAssertEqual(try f.client().json("POST", "/v1/jobs", spec).status, 202, "writable again: the next submit is taken")
    }

    func testStoreErrorsMapToStatuses() {
        func status(_ code: Int32) -> Int? { Problem.storage(SQLiteError(code: code, message: "", sql: ""))?.status }
        XCTAssertEqual(status(13), 507)        // SQLITE_FULL
        XCTAssertEqual(status(5), 503)         // SQLITE_BUSY
        XCTAssertEqual(status(6), 503)         // SQLITE_LOCKED
        XCTAssertEqual(status(8), 503)         // SQLITE_READONLY
        XCTAssertEqual(status(8 | (1 << 8)), 503)  // SQLITE_READONLY_RECOVERY
        XCTAssertNil(status(1))                // SQLITE_ERROR: a bug, a 500
        // SQLITE_IOERR_WRITE refused by the operating system: the file cannot be written.
        XCTAssertEqual(Problem.storage(SQLiteError(code: 778, message: "", sql: "", systemErrno: EPERM))?.status, 503)
        XCTAssertNil(Problem.storage(SQLiteError(code: 778, message: "", sql: "", systemErrno: EIO)), "a failing disk is not read-only")
        XCTAssertEqual(Problem.storage(SQLiteError(code: 8, message: "", sql: ""))?.headers.first?.0, "Retry-After")
        XCTAssertEqual(Problem.storage(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC)))?.status, 507)
        XCTAssertEqual(Problem.storage(CocoaError(.fileWriteOutOfSpace))?.status, 507)
        XCTAssertNil(Problem.storage(CocoaError(.fileNoSuchFile)))
    }

    /// A disk that fills while the HTTP layer writes a request's body (`TempFile`: 507) is answered
    /// with the one problem type of a full disk, wherever it is found (before: `http-507`, "Error").
    func testAFullDiskWhileABodyArrivesIsTheSameProblem() {
        let p = Problem.transport(507, "writing the upload failed: No space left on device")
        XCTAssertEqual(p.status, 507)
        XCTAssertEqual(p.type, Problem.insufficientStorage().type)
        XCTAssertEqual(p.type, "insufficient-storage")
        XCTAssertEqual(p.title, "Insufficient storage")
        XCTAssertEqual(Problem.transport(408, "slow").type, "http-408", "other statuses of the HTTP layer keep theirs")
    }
}
