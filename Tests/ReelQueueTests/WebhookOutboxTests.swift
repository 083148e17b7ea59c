import Foundation
@testable import ReelQueue
import XCTest

/// The outbox's order: one delivery of a job at a time, oldest first. Time is the store's fake
/// clock.
final class WebhookOutboxTests: XCTestCase {
    var dir = ""
    let clock = FakeClock()
    let output = JobOutput(path: "/o", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4")

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-outbox-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func store() throws -> JobStore {
        let c = clock
        return try JobStore(path: dir + "/reel.db", maxAttempts: 1, leaseSeconds: 10, now: { c.now })
    }

    /// A running job of worker W with a webhook for `events`.
    func running(_ s: JobStore, _ events: [String], url: String = "http://h/a") throws -> String {
        guard case .created(let j) = try s.submit(JobStore.Submission(spec: "{}", bodyHash: UUID().uuidString,
                                                                      webhook: JobWebhook(url: url, events: events))) else {
            throw CocoaError(.featureUnsupported)
        }
        XCTAssertEqual(try s.claim(owner: "W")?.id, j.id)
        return j.id
    }

    func claim(_ s: JobStore, by claimer: String = "S") throws -> [WebhookDelivery] {
        try s.claimDeliveries(by: claimer, limit: 8, leaseMillis: 15000)
    }

    func testOneDeliveryOfAJobAtATimeInOrder() throws {
        let s = try store()
        let a = try running(s, ["progress", "succeeded"])
        XCTAssertEqual(try s.heartbeat(a, owner: "W", progress: 0.5, eta: nil), .keepGoing)
        XCTAssertTrue(try s.complete(a, owner: "W", output: output))
        guard case .created(let b) = try s.submit(JobStore.Submission(spec: "{}", bodyHash: "b", webhook: JobWebhook(url: "http://h/b", events: ["canceled"]))) else {
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
