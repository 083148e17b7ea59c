import Foundation
@testable import ReelStore
import StoreFixtures
import TestSupport
import XCTest

/// The store under a lock held by another connection (another process, in production): reads go
/// on, writes wait inside SQLite without blocking the other threads, and a finished render is
/// recorded once the lock is gone instead of being rendered again.
final class StoreConcurrencyTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-store-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Holds the database's write lock from another connection until `release()`.
    final class ForeignWriter: @unchecked Sendable {
        let db: SQLiteDatabase
        init(path: String) throws {
            db = try SQLiteDatabase(path: path)
            try db.execute("BEGIN IMMEDIATE")
        }
        func release() { try? db.execute("ROLLBACK") }
    }

    func newJob(_ store: any JobStore) throws -> Job {
        guard case .created(let job) = try store.submit(spec: "{}", bodyHash: "h", idempotencyKey: nil) else {
            throw CocoaError(.featureUnsupported)
        }
        return job
    }

    func testReadsAreNotHeldBehindAWriteWaitingForTheLock() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db", busyTimeoutMillis: 8000)
        let job = try newJob(store)
        let foreign = try ForeignWriter(path: dir + "/reel.db")
        defer { foreign.release() }
        let writerDone = Flag()
        let waitsBefore = SQLiteDatabase.busyWaits
        Thread {
            _ = try? store.submit(spec: "{}", bodyHash: "h2", idempotencyKey: nil)  // waits 8 s (or the release), then busy
            writerDone.set()
        }.start()
        XCTAssertTrue(Poll.until(seconds: 10) { SQLiteDatabase.busyWaits > waitsBefore }, "the writer waits in SQLite's busy handler")
        // With one process-wide mutex this read waited for the writer's whole busy timeout.
        XCTAssertEqual(try store.job(job.id)?.status, .queued)
        XCTAssertEqual(try store.list(status: nil, limit: 5, cursor: nil).jobs.count, 1)
        XCTAssertFalse(writerDone.value, "the read was answered while the write was still waiting")
    }

    func testABusyWriteFailsAsBusyAndTheStoreWorksAfterwards() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db", busyTimeoutMillis: 100)
        let foreign = try ForeignWriter(path: dir + "/reel.db")
        XCTAssertThrowsError(try store.submit(spec: "{}", bodyHash: "h", idempotencyKey: nil)) {
            XCTAssertTrue(($0 as? SQLiteError)?.isBusy ?? false, "\($0)")
        }
        XCTAssertThrowsError(try store.checkWritable(waitMillis: 50))
        foreign.release()
        XCTAssertNoThrow(try store.checkWritable(waitMillis: 50))
        XCTAssertEqual(try newJob(store).status, .queued)
    }

    /// A kill -9 campaign found finished renders rendered again whenever the completion write met
    /// a busy database: the write now waits the lock out.
    func testTheCompletionWriteWaitsOutABusyDatabase() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db", busyTimeoutMillis: 50)
        _ = try newJob(store)
        let job = try XCTUnwrap(try store.claim(owner: "w"))
        let foreign = try ForeignWriter(path: dir + "/reel.db")
        let output = JobOutput(path: dir + "/out.mp4", bytes: 1, duration: "1", sha256: "ab", contentType: "video/mp4")
        XCTAssertThrowsError(try store.complete(job.id, owner: "w", output: output), "busy without patience")
        // The lock goes once the patient write has met it (waited in SQLite's busy handler).
        let waitsBefore = SQLiteDatabase.busyWaits
        DispatchQueue.global().async {
            _ = Poll.until(seconds: 30) { SQLiteDatabase.busyWaits > waitsBefore }
            foreign.release()
        }
        XCTAssertTrue(try store.complete(job.id, owner: "w", output: output, patience: 30))
        XCTAssertEqual(try store.job(job.id)?.status, .succeeded)
        XCTAssertEqual(try store.job(job.id)?.attempts, 1)
    }

    func testStatementsAreReusedAndEndTheirReads() throws {
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let first = try newJob(store)
        for _ in 0..<50 { XCTAssertNotNil(try store.job(first.id)) }
        // A new job is visible at once to the connection that read before it: no stale snapshot.
        let second = try newJob(store)
        XCTAssertEqual(try store.list(status: nil, limit: 5, cursor: nil).jobs.map(\.id), [second.id, first.id])
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var set_ = false
        func set() { lock.lock(); set_ = true; lock.unlock() }
        var value: Bool { lock.lock(); defer { lock.unlock() }; return set_ }
    }
}
