import Foundation
import Synchronization
@testable import ReelStore
import StoreFixtures
import TestSupport
import XCTest

/// The store wakes idle workers after each commit that may have made work claimable: SQLite in
/// this process as the call returns, PostgreSQL on every node through NOTIFY.
final class StoreWakeupTests: XCTestCase {
    var dir = ""
    let clock = FakeClock()

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-wakeups-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    final class Counter: Sendable {
        let value = Atomic<Int>(0)
        var count: Int { value.load(ordering: .acquiring) }
    }

    /// Waits (at most 10 s) until `wakes` passes `count`; the PostgreSQL listener is a thread of its own.
    func waitForWake(past count: Int, _ wakes: Counter) -> Bool {
        Poll.until(seconds: 10, every: 0.005) { wakes.count > count }
    }

    func testSubmitRetryReleaseAndChunksWakeTheWorkers() throws {
        for backend in [StoreBackend.sqlite, try .postgres()] {
            try backend.run {
                let s = try backend.open(dir: dir, maxAttempts: 3, leaseSeconds: 10, clock: clock)
                let wakes = Counter()
                s.startWakeups { wakes.value.add(1, ordering: .releasing) }
                defer { s.stopWakeups() }
                if case .postgres = backend {
                    // The listener wakes once when it has connected (what was sent before is lost).
                    XCTAssertTrue(waitForWake(past: 0, wakes), "the listener connected")
                }
                var seen = wakes.count
                func expectWake(_ what: String) {
                    XCTAssertTrue(waitForWake(past: seen, wakes), "\(backend): \(what) woke the workers")
                    seen = wakes.count
                }
                _ = try s.submit(spec: "{}", bodyHash: "h", idempotencyKey: nil)
                expectWake("a submit")
                let job = try XCTUnwrap(try s.claim(owner: "w"))
                if case .sqlite = backend { XCTAssertEqual(wakes.count, seen, "a claim makes nothing claimable") }
                XCTAssertTrue(try s.fail(job.id, owner: "w", error: JobError(code: .renderFailed, message: "x"), retry: true))
                expectWake("a retry")
                let again = try XCTUnwrap(try s.claim(owner: "w"))
                XCTAssertNotNil(try s.addChunks(again.id, owner: "w", frames: [0..<10, 10..<20], seconds: 1))
                expectWake("new chunks")
                try s.release(again.id, owner: "w")
                expectWake("a release")
            }
        }
    }
}

final class PostgresParameterTests: XCTestCase {
    /// `?` becomes `$n` in order, but not inside quoted literals or identifiers.
    func testQuestionMarksAreNumberedOutsideQuotes() {
        XCTAssertEqual(PostgresConnection.numberingParameters("SELECT ? , '?', \"a?\" WHERE x = ? AND y = 'it''s ?' OR z = ?"),
                       "SELECT $1 , '?', \"a?\" WHERE x = $2 AND y = 'it''s ?' OR z = $3")
    }
}
