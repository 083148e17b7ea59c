import Foundation
@testable import ReelStore
import StoreFixtures
import TestSupport
import XCTest

/// The order of job changes behind the events streams, on both stores: every change a client can
/// see moves the job's `changeSeq` past every earlier change and is heard once it commits (SQLite
/// in this process, PostgreSQL through NOTIFY); a resume finds a key's jobs changed since a point,
/// in the order of their last change.
final class JobChangeFeedTests: XCTestCase {
    var dir = ""
    let clock = FakeClock()

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-changes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func testEveryChangeIsNumberedHeardAndFoundAgain() throws {
        for backend in [StoreBackend.sqlite, try .postgres()] {
            try backend.run {
                let s = try backend.open(dir: dir, maxAttempts: 3, leaseSeconds: 10, clock: clock)
                let calls = Collected<[String]>()
                s.startJobChanges { calls.append($0) }
                defer { s.stopJobChanges() }
                /// Every id heard, in order.
                let heard = { calls.all.flatMap { $0 } }
                if case .postgres = backend {
                    // The listener says it connected with an empty list (what came before is lost).
                    XCTAssertTrue(Poll.until(seconds: 10) { calls.all.contains { $0.isEmpty } }, "the listener connected")
                }
                var seq: [String: Int64] = [:]
                /// Changes made to each job so far: each commit is heard once.
                var made: [String: Int] = [:]
                /// The change committed: heard, and numbered past every change before it.
                func expectChange(_ id: String, _ what: String) throws {
                    made[id, default: 0] += 1
                    XCTAssertTrue(Poll.until(seconds: 10) { heard().filter { $0 == id }.count >= made[id]! }, "\(backend): \(what) was heard")
                    guard let job = try s.job(id) else { return }
                    XCTAssertGreaterThan(job.changeSeq, seq.values.max() ?? 0, "\(backend): \(what) comes after every earlier change")
                    seq[id] = job.changeSeq
                }
                func submit(_ key: String) throws -> Job {
                    guard case .created(let job) = try s.submit(JobSubmission(spec: "{}", bodyHash: key, keyID: key)) else {
                        throw CocoaError(.featureUnsupported)
                    }
                    return job
                }
                XCTAssertEqual(try s.latestChange(), 0)
                let a = try submit("k1")
                try expectChange(a.id, "a submit")
                XCTAssertGreaterThan(seq[a.id] ?? 0, 0, "\(backend): a new job is a change")
                let b = try submit("k2")
                try expectChange(b.id, "a submit")
                XCTAssertEqual(try s.claim(owner: "w")?.id, a.id)
                try expectChange(a.id, "a claim")
                XCTAssertEqual(try s.heartbeat(a.id, owner: "w", progress: 0.5, eta: 1), .keepGoing)
                try expectChange(a.id, "a progress step")
                XCTAssertTrue(try s.complete(a.id, owner: "w", output: JobOutput(path: "/o", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4")))
                try expectChange(a.id, "a success")
                guard case .canceled = try s.cancel(b.id, keyID: "k2") else { return XCTFail("\(backend): the queued job was not cancelled") }
                try expectChange(b.id, "a cancel")

                // Found again: a key's jobs changed after a point, in the order of their last change.
                XCTAssertEqual(try s.jobsChanged(keyID: "k1", after: 0, limit: 10).map(\.id), [a.id])
                XCTAssertEqual(try s.jobsChanged(keyID: "k1", after: seq[a.id]!, limit: 10).map(\.id), [])
                XCTAssertEqual(try s.jobsChanged(keyID: nil, after: 0, limit: 10).map(\.id), [a.id, b.id])
                XCTAssertEqual(try s.jobsChanged(keyID: nil, after: 0, limit: 1).map(\.id), [a.id])
                XCTAssertEqual(try s.latestChange(), seq[b.id])

                // Expiry and deletion are changes too; a deleted job is heard, and found no more.
                clock.advance(seconds: 10)
                XCTAssertEqual(try s.expireOutputs(finishedBefore: clock.now), ["/o"])
                try expectChange(a.id, "an expiry")
                _ = try s.deleteJob(b.id, keyID: nil)
                try expectChange(b.id, "a deletion")
                // The deleted job had the largest number: the next change still gets a larger one.
                let c = try submit("k1")
                try expectChange(c.id, "a submit after a deletion")
                XCTAssertEqual(try s.latestChange(), seq[c.id])
                XCTAssertEqual(try s.jobsChanged(keyID: nil, after: 0, limit: 10).map(\.id), [a.id, c.id])
            }
        }
    }
}
