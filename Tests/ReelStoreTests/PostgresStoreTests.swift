import Foundation
@testable import ReelStore
import StoreFixtures
import TestSupport
import XCTest

/// What only the PostgreSQL store has to show: stores on one database behave as nodes of one
/// cluster (notifications, idempotency races, cancels and advisory locks between them), the
/// schema is versioned and a newer one refused, and a server restart is survived.
final class PostgresStoreTests: XCTestCase {
    var dir = ""
    let clock = FakeClock()

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-pgstore-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func node(_ url: String, leaseSeconds: Double = 10) throws -> SQLJobStore {
        try Self.node(url, leaseSeconds: leaseSeconds, dir: dir, clock: clock)
    }

    static func node(_ url: String, leaseSeconds: Double = 10, dir: String, clock: FakeClock) throws -> SQLJobStore {
        try SQLJobStore.postgres(url: url, maxAttempts: 2, leaseSeconds: leaseSeconds, dataDirectory: dir, now: { clock.now })
    }

    func testSchemaIsVersionedMigratedOnceAndANewerOneRefused() throws {
        let url = try TestPostgres.shared().createDatabase()
        let errors = Collected<String>()
        let (dir, clock) = (dir, clock)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do { _ = try Self.node(url, dir: dir, clock: clock) } catch { errors.append("\(error)") }
        }
        XCTAssertEqual(errors.all, [], "nodes starting together migrate once (the advisory lock)")
        let db = try PostgresConnection(url: url)
        let known = PostgresSchema.migrations.count
        XCTAssertEqual(try PostgresSchema.version(db), known)
        try db.execute("UPDATE reel_schema SET version = \(known + 1)")
        XCTAssertThrowsError(try node(url)) { error in
            XCTAssertTrue(error is SchemaTooNewError, "\(error)")
            XCTAssertTrue("\(error)".contains("schema version \(known + 1)"), "\(error)")
        }
        XCTAssertEqual(try PostgresSchema.version(db), known + 1, "left as it was")
    }

    func testIdempotentSubmitsRacingOnTwoNodesCreateOneJob() throws {
        let url = try TestPostgres.shared().createDatabase()
        let nodes = [try node(url), try node(url)]
        let collected = Collected<SubmitResult>()
        let errors = Collected<String>()
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            do {
                collected.append(try nodes[i % 2].submit(JobSubmission(spec: "{}", bodyHash: "same", idempotencyKey: "race", keyID: "K")))
            } catch { errors.append("\(error)") }
        }
        let results = collected.all
        XCTAssertEqual(errors.all, [])
        var created: [String] = [], existing: [String] = []
        for r in results {
            switch r {
            case .created(let j): created.append(j.id)
            case .existing(let j): existing.append(j.id)
            default: XCTFail("\(r)")
            }
        }
        XCTAssertEqual(created.count, 1, "\(results)")
        XCTAssertEqual(Set(existing), Set(created))
        XCTAssertEqual(try nodes[0].list(keyID: "K", status: nil, batchID: nil, metadata: nil, limit: 10, cursor: nil).jobs.count, 1)
    }

    func testQuotaHoldsAcrossNodes() throws {
        let url = try TestPostgres.shared().createDatabase()
        let nodes = [try node(url), try node(url)]
        let created = Collected<String>()
        DispatchQueue.concurrentPerform(iterations: 12) { i in
            let r = try? nodes[i % 2].submit(JobSubmission(spec: "{}", bodyHash: "\(i)", keyID: "Q", queuedLimit: 3))
            if case .created(let job)? = r { created.append(job.id) }
        }
        XCTAssertEqual(created.all.count, 3, "never more queued jobs than the limit, whichever node took them")
    }

    func testNodesClaimEachJobOnceAndSeeEachOthersCancels() throws {
        let url = try TestPostgres.shared().createDatabase()
        let a = try node(url), b = try node(url)
        for i in 0..<30 { _ = try a.submit(spec: "{}", bodyHash: "\(i)", idempotencyKey: nil) }
        let collected = Collected<String>()
        DispatchQueue.concurrentPerform(iterations: 6) { k in
            let s = k % 2 == 0 ? a : b
            while let j = try? s.claim(owner: "w\(k)") { collected.append(j.id) }
        }
        let claimed = collected.all
        XCTAssertEqual(claimed.count, 30)
        XCTAssertEqual(Set(claimed).count, 30, "SKIP LOCKED: no job claimed twice")
        let job = try XCTUnwrap(try a.job(claimed[0]))
        guard case .requested = try b.cancel(job.id) else { return XCTFail("a running job's cancel is a request") }
        let owner = try XCTUnwrap(try PostgresConnection(url: url).query("SELECT lease_owner FROM jobs WHERE id = $1", [.text(job.id)])
            .first?.text("lease_owner"))
        XCTAssertEqual(try a.heartbeat(job.id, owner: owner, progress: 0.5, eta: 1), .cancel, "made on b, seen by a's worker")
        clock.advance(seconds: 11)  // every lease runs out: another node takes the jobs over
        XCTAssertNotNil(try b.claim(owner: "taker"))
    }

    func testIdleNodesAreWokenByAnotherNodesSubmit() throws {
        let url = try TestPostgres.shared().createDatabase()
        let a = try node(url), b = try node(url)
        let wakes = DispatchSemaphore(value: 0)
        b.startWakeups { wakes.signal() }
        defer { b.stopWakeups() }
        XCTAssertEqual(wakes.wait(timeout: .now() + 30), .success, "woken once listening")
        _ = try a.submit(spec: "{}", bodyHash: "h", idempotencyKey: nil)
        // Only a notification calls `wake`; the 5 s poll is the worker's, not the listener's.
        XCTAssertEqual(wakes.wait(timeout: .now() + 30), .success, "woken by a's NOTIFY")
    }

    func testRetentionRunsOnOneNodeAtATime() throws {
        let url = try TestPostgres.shared().createDatabase()
        let a = try node(url), b = try node(url)
        var inner: Bool?
        XCTAssertTrue(try a.exclusively("retention") { inner = try b.exclusively("retention") {} })
        XCTAssertEqual(inner, false, "b skips while a sweeps")
        XCTAssertTrue(try b.exclusively("retention") {}, "and runs once a is done")
        XCTAssertTrue(try a.exclusively("other") { XCTAssertTrue(try b.exclusively("retention") {}) }, "locks are per name")
    }

    /// A restart drops every pooled connection and the listener's: calls after it reconnect, a
    /// render's completion waits the outage out, and nothing written before is lost.
    func testAServerRestartIsSurvived() throws {
        let pg = try TestPostgres.shared()
        let url = try pg.createDatabase()
        let s = try node(url, leaseSeconds: 60)
        let wakes = DispatchSemaphore(value: 0)
        s.startWakeups { wakes.signal() }
        defer { s.stopWakeups() }
        XCTAssertEqual(wakes.wait(timeout: .now() + 30), .success)
        guard case .created(let job) = try s.submit(spec: "{}", bodyHash: "h", idempotencyKey: "before") else { return XCTFail() }
        XCTAssertEqual(try s.claim(owner: "W")?.id, job.id)
        XCTAssertEqual(wakes.wait(timeout: .now() + 30), .success, "the submit's notification, consumed before the restart")

        try pg.stop()
        XCTAssertThrowsError(try s.job(job.id)) { XCTAssertTrue(($0 as? StoreFailure)?.isUnavailable ?? false, "\($0)") }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { try? pg.start() }
        let output = JobOutput(path: "/o.mp4", bytes: 1, duration: "1", sha256: "ab", contentType: "video/mp4")
        XCTAssertTrue(try s.complete(job.id, owner: "W", output: output, patience: 60), "recorded once the server is back")

        let done = try XCTUnwrap(try s.job(job.id))
        XCTAssertEqual(done.status, .succeeded)
        XCTAssertEqual(done.attempts, 1)
        guard case .existing(let again) = try s.submit(spec: "{}", bodyHash: "h", idempotencyKey: "before") else { return XCTFail() }
        XCTAssertEqual(again.id, job.id)
        guard case .created = try s.submit(spec: "{}", bodyHash: "h2", idempotencyKey: "after") else { return XCTFail() }
        XCTAssertEqual(wakes.wait(timeout: .now() + 30), .success, "the listener reconnected: a submit after the restart wakes it")
    }
}
