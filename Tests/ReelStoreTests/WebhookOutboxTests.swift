import Foundation
@testable import ReelStore
import StoreFixtures
import XCTest

/// The outbox's order and its size: one delivery of a job at a time, oldest first; a delivered
/// progress event replaces the earlier ones; ended deliveries go after their retention. Time is the
/// store's fake clock.
final class WebhookOutboxTests: XCTestCase {
    var dir = ""
    let clock = FakeClock()
    let output = JobOutput(path: "/o", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4")

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-outbox-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Which implementation `store()` opens: each test body runs on SQLite, then on PostgreSQL.
    var backend = StoreBackend.sqlite

    func store() throws -> any JobStore {
        try backend.open(dir: dir, maxAttempts: 1, leaseSeconds: 10, clock: clock)
    }

    func onBothStores(_ body: () throws -> Void) throws {
        for b in [StoreBackend.sqlite, try .postgres()] {
            backend = b
            try b.run(body)
        }
    }

    /// A running job of worker W with a webhook for `events`.
    func running(_ s: any JobStore, _ events: [String], url: String = "http://h/a") throws -> String {
        guard case .created(let j) = try s.submit(JobSubmission(spec: "{}", bodyHash: UUID().uuidString,
                                                                      webhook: JobWebhook(url: url, events: events))) else {
            throw CocoaError(.featureUnsupported)
        }
        XCTAssertEqual(try s.claim(owner: "W")?.id, j.id)
        return j.id
    }

    func claim(_ s: any JobStore, by claimer: String = "S") throws -> [WebhookDelivery] {
        try s.claimDeliveries(by: claimer, limit: 8, leaseMillis: 15000)
    }

    func testOneDeliveryOfAJobAtATimeInOrder() throws {
        try onBothStores {
            let s = try store()
            let a = try running(s, ["progress", "succeeded"])
            XCTAssertEqual(try s.heartbeat(a, owner: "W", progress: 0.5, eta: nil), .keepGoing)
            XCTAssertTrue(try s.complete(a, owner: "W", output: output))
            guard case .created(let b) = try s.submit(JobSubmission(spec: "{}", bodyHash: "b", webhook: JobWebhook(url: "http://h/b", events: ["canceled"]))) else {
                return XCTFail()
            }
            _ = try s.cancel(b.id)

            let first = try claim(s, by: "A")
            XCTAssertEqual(first.map(\.event), ["progress", "canceled"], "a's succeeded waits for its progress; b's goes beside it")
            XCTAssertEqual(try claim(s, by: "B"), [], "nothing of a while its progress is being sent")
            clock.advance(seconds: 16)  // A died mid-attempt: its claims lapse
            let again = try claim(s, by: "B")
            XCTAssertEqual(again.map(\.event), ["progress", "canceled"], "the earlier event again, still before the later")
            XCTAssertEqual(again.map(\.attempts), [2, 2])
            try s.recordDelivery(again[0].id, .retry(.answered(status: 503), next: clock.now + 60_000))
            XCTAssertEqual(try claim(s).map(\.event), ["succeeded"], "an event waiting for its retry holds no later one back")
        }
    }

    func testADeliveredProgressEventReplacesTheEarlierOnes() throws {
        try onBothStores {
            let s = try store()
            let a = try running(s, ["progress", "succeeded"])
            var ids: [String] = []
            for p in [0.1, 0.3, 0.5] {
                XCTAssertEqual(try s.heartbeat(a, owner: "W", progress: p, eta: nil), .keepGoing)
                let d = try XCTUnwrap(try claim(s).first)
                XCTAssertEqual(d.event, "progress")
                ids.append(d.id)
                try s.recordDelivery(d.id, .delivered(status: 200))
                clock.advance(seconds: 5)
            }
            XCTAssertEqual(try s.deliveries(jobID: a).map(\.id), [ids[2]], "only the latest progress is kept")

            // One waiting for its retry is replaced too: a retry would send stale progress after newer.
            XCTAssertEqual(try s.heartbeat(a, owner: "W", progress: 0.7, eta: nil), .keepGoing)
            let stale = try XCTUnwrap(try claim(s).first)
            try s.recordDelivery(stale.id, .retry(.timedOut(seconds: 10), next: clock.now + 60_000))
            clock.advance(seconds: 5)
            XCTAssertEqual(try s.heartbeat(a, owner: "W", progress: 0.9, eta: nil), .keepGoing)
            let newer = try XCTUnwrap(try claim(s).first)
            XCTAssertNotEqual(newer.id, stale.id)
            try s.recordDelivery(newer.id, .delivered(status: 200))
            XCTAssertEqual(try s.deliveries(jobID: a).map(\.id), [newer.id])

            // The end event stays beside the latest progress.
            XCTAssertTrue(try s.complete(a, owner: "W", output: output))
            let end = try XCTUnwrap(try claim(s).first)
            try s.recordDelivery(end.id, .delivered(status: 204))
            XCTAssertEqual(try s.deliveries(jobID: a).map(\.event), ["progress", "succeeded"])
        }
    }

    func testEndedDeliveriesArePrunedAfterTheirRetentionPendingOnesNever() throws {
        try onBothStores {
            let s = try store()
            let a = try running(s, ["succeeded"])
            XCTAssertTrue(try s.complete(a, owner: "W", output: output))
            try s.recordDelivery(try XCTUnwrap(try claim(s).first).id, .delivered(status: 200))
            let b = try running(s, ["failed"], url: "http://h/b")
            try s.fail(b, owner: "W", error: JobError(code: .renderFailed, message: "x"), retry: false)
            try s.recordDelivery(try XCTUnwrap(try claim(s).first).id, .failed(.refused("the URL is on host h, which this configuration does not allow")))
            XCTAssertEqual(try s.deliveries(jobID: b).first?.lastError, "the URL is on host h, which this configuration does not allow")
            let c = try running(s, ["succeeded"], url: "http://h/c")
            XCTAssertTrue(try s.complete(c, owner: "W", output: output))
            try s.recordDelivery(try XCTUnwrap(try claim(s).first).id, .retry(.transport("connection refused"), next: clock.now + 5000))

            let retention: Int64 = 3_600_000
            try s.pruneDeliveries(finishedBefore: clock.now - retention)
            XCTAssertEqual(try [a, b, c].map { try s.deliveries(jobID: $0).count }, [1, 1, 1], "younger than the retention")
            clock.advance(seconds: 3601)
            try s.pruneDeliveries(finishedBefore: clock.now - retention)
            XCTAssertEqual(try [a, b, c].map { try s.deliveries(jobID: $0).count }, [0, 0, 1], "delivered and failed go; pending stays")
            XCTAssertEqual(try s.deliveries(jobID: c).first?.lastError, "connection refused")

            // Without a retention, only a deleted job's ended deliveries go.
            let d = try running(s, ["succeeded"], url: "http://h/d")
            XCTAssertTrue(try s.complete(d, owner: "W", output: output))
            try s.recordDelivery(try XCTUnwrap(try claim(s).first { $0.jobID == d }).id, .delivered(status: 200))
            try s.pruneDeliveries()
            XCTAssertEqual(try s.deliveries(jobID: d).count, 1)
            _ = try s.deleteJob(d, keyID: nil)
            try s.pruneDeliveries()
            XCTAssertEqual(try s.deliveries(jobID: d).count, 0)
        }
    }
}
