import Foundation
@testable import ReelStore
import StoreFixtures
import XCTest

/// The destinations' outbox on both stores: recorded with the job's success, claimed once each,
/// retried when asked, and the `succeeded` webhook event written exactly once, after the last
/// destination ended, with every copy's outcome in its body. Time is the store's fake clock.
final class DestinationOutboxTests: XCTestCase {
    var dir = ""
    let clock = FakeClock()
    var backend = StoreBackend.sqlite

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-destinations-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func onBothStores(_ body: (any JobStore) throws -> Void) throws {
        for b in [StoreBackend.sqlite, try .postgres()] {
            backend = b
            try b.run { try body(try b.open(dir: dir, maxAttempts: 1, leaseSeconds: 10, clock: clock)) }
        }
    }

    /// A job of worker W, succeeded with an output copied to `urls`, its webhook wanting `succeeded`.
    func succeeded(_ s: any JobStore, to urls: [String]) throws -> String {
        guard case .created(let j) = try s.submit(JobSubmission(spec: "{}", bodyHash: UUID().uuidString,
                                                                webhook: JobWebhook(url: "http://h/a", events: ["succeeded"]))) else {
            throw CocoaError(.featureUnsupported)
        }
        XCTAssertEqual(try s.claim(owner: "W")?.id, j.id)
        let output = JobOutput(path: "/o", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4",
                               destinations: urls.map { OutputDestination(url: $0, profile: $0.contains("archive") ? "archive" : nil) })
        XCTAssertTrue(try s.complete(j.id, owner: "W", output: output))
        return j.id
    }

    func testTheSucceededEventWaitsForEveryDestination() throws {
        try onBothStores { s in
            let id = try succeeded(s, to: ["s3://a-bucket/x.mp4", "s3://archive-bucket/y.mp4"])
            let job = try XCTUnwrap(try s.job(id))
            XCTAssertEqual(job.status, .succeeded, "the job is done at once")
            XCTAssertEqual(job.output?.destinations.map(\.status), [.pending, .pending])
            XCTAssertEqual(job.output?.destinations.map(\.profile), [nil, "archive"])
            let other = try succeeded(s, to: [])
            let listed = try s.list(status: nil, limit: 10, cursor: nil).jobs
            XCTAssertEqual(listed.first { $0.id == id }?.output?.destinations.map(\.url), ["s3://a-bucket/x.mp4", "s3://archive-bucket/y.mp4"],
                           "a list reads the copies too")
            XCTAssertEqual(listed.first { $0.id == other }?.output?.destinations, [])
            XCTAssertEqual(try s.deliveries(jobID: id), [], "no succeeded event while copies are open")

            let claimed = try s.claimDestinations(by: "A", limit: 8, leaseMillis: 60_000)
            XCTAssertEqual(claimed.map(\.index), [0, 1])
            XCTAssertEqual(claimed.map(\.destination.attempts), [1, 1])
            XCTAssertEqual(try s.claimDestinations(by: "B", limit: 8, leaseMillis: 60_000), [], "claimed ones are not handed out twice")
            XCTAssertEqual(try s.destinationClaimers(), ["A"])

            try s.recordDestination(jobID: id, index: 1, claimer: "A", .retry(error: "SlowDown", next: clock.now + 5000))
            XCTAssertEqual(try s.claimDestinations(by: "B", limit: 8, leaseMillis: 60_000), [], "not due before its retry")
            clock.advance(seconds: 5)
            let again = try s.claimDestinations(by: "B", limit: 8, leaseMillis: 60_000)
            XCTAssertEqual(again.map(\.index), [1])
            XCTAssertEqual(again.first?.destination.error, "SlowDown")
            XCTAssertEqual(again.first?.destination.attempts, 2)

            // A claimer whose claim ran out (A) cannot clear or end the copy B holds now.
            try s.recordDestination(jobID: id, index: 1, claimer: "A", .retry(error: "late", next: clock.now))
            try s.recordDestination(jobID: id, index: 1, claimer: "A", .failed(error: "late"))
            XCTAssertEqual(Set(try s.destinationClaimers()), ["A", "B"], "A still holds index 0, B index 1")
            XCTAssertEqual(try s.job(id)?.output?.destinations[1].status, .pending)
            XCTAssertEqual(try s.job(id)?.output?.destinations[1].error, "SlowDown", "the late retry changed nothing")
            try s.recordDestination(jobID: id, index: 0, claimer: "A", .delivered(etag: "abc"))
            XCTAssertEqual(try s.deliveries(jobID: id), [], "one copy still open")
            try s.recordDestination(jobID: id, index: 1, claimer: "B", .failed(error: "AccessDenied"))
            let events = try s.deliveries(jobID: id)
            XCTAssertEqual(events.map(\.event), ["succeeded"], "written once the last copy ended")
            let body = try XCTUnwrap(events.first?.body)
            XCTAssertTrue(body.contains(#""status":"succeeded""#), body)
            let after = try XCTUnwrap(try s.job(id)?.output?.destinations)
            XCTAssertEqual(after.map(\.status), [.delivered, .failed])
            XCTAssertEqual(after.map(\.etag), ["abc", nil])
            XCTAssertEqual(after.map(\.error), [nil, "AccessDenied"])
            // An outcome recorded twice (a claimer that lost its claim) changes nothing, writes no second event.
            try s.recordDestination(jobID: id, index: 1, claimer: "B", .delivered(etag: "late"))
            XCTAssertEqual(try s.deliveries(jobID: id).count, 1)
            XCTAssertEqual(try s.job(id)?.output?.destinations.map(\.status), [.delivered, .failed])
            XCTAssertEqual(try s.destinationClaimers(), [])
        }
    }

    func testAGoneClaimersCopiesAreDueAtOnceAndOutputsWaitForTheirCopies() throws {
        try onBothStores { s in
            let id = try succeeded(s, to: ["s3://a-bucket/x.mp4"])
            XCTAssertEqual(try s.claimDestinations(by: "A", limit: 8, leaseMillis: 3_600_000).count, 1)
            try s.releaseDestinations(claimedBy: "A")
            XCTAssertEqual(try s.claimDestinations(by: "B", limit: 8, leaseMillis: 3_600_000).map(\.destination.attempts), [2])
            clock.advance(seconds: 7200)
            XCTAssertEqual(try s.expireOutputs(finishedBefore: clock.now), [], "kept while its copy is open")
            try s.recordDestination(jobID: id, index: 0, claimer: "B", .delivered(etag: "e"))
            XCTAssertEqual(try s.expireOutputs(finishedBefore: clock.now), ["/o"])
        }
    }

    /// Deleting a job with open copies ends them as failed and sends its `succeeded` event then,
    /// saying so, rather than never.
    func testDeletingAJobEndsItsCopiesAndSendsTheEvent() throws {
        try onBothStores { s in
            let id = try succeeded(s, to: ["s3://a-bucket/x.mp4", "s3://a-bucket/y.mp4"])
            XCTAssertEqual(try s.claimDestinations(by: "A", limit: 1, leaseMillis: 60_000).count, 1)
            guard case .deleted = try s.deleteJob(id, keyID: nil) else { return XCTFail("not deleted") }
            XCTAssertEqual(try s.claimDestinations(by: "A", limit: 8, leaseMillis: 60_000), [])
            let events = try s.deliveries(jobID: id)
            XCTAssertEqual(events.map(\.event), ["succeeded"])
            let body = try XCTUnwrap(events.first?.body)
            XCTAssertTrue(body.contains("succeeded"), body)
            // A copy finishing after the deletion records nothing and writes no second event.
            try s.recordDestination(jobID: id, index: 0, claimer: "A", .delivered(etag: "e"))
            XCTAssertEqual(try s.deliveries(jobID: id).count, 1)
        }
    }

    func testAJobWithoutDestinationsSendsItsEventAtOnce() throws {
        try onBothStores { s in
            let id = try succeeded(s, to: [])
            XCTAssertEqual(try s.deliveries(jobID: id).map(\.event), ["succeeded"])
            XCTAssertEqual(try s.job(id)?.output?.destinations, [])
        }
    }
}
