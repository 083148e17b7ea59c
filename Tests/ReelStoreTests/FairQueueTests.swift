import Foundation
@testable import ReelStore
import StoreFixtures
import TestSupport
import XCTest

/// Queues that keys share (docs/API.md (batches)), on both stores: keys take turns at the workers whatever
/// their queues' lengths, priorities order a key's own jobs, a key's running limit holds, and a
/// batch is created, cancelled and deleted all or none. Judged by the order of the claims the store
/// hands out, not by time.
final class FairQueueTests: XCTestCase {
    var dir = ""
    let clock = FakeClock()

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-fair-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func onBothStores(runningPerKey: Int = 0, _ body: (any JobStore) throws -> Void) throws {
        for backend in [StoreBackend.sqlite, try .postgres()] {
            try? FileManager.default.removeItem(atPath: dir + "/reel.db")
            try backend.run {
                let store: any JobStore
                switch backend {
                case .sqlite:
                    store = try SQLJobStore.sqlite(path: dir + "/reel.db", runningPerKey: runningPerKey, now: { [clock] in clock.now })
                case .postgres(let url):
                    store = try SQLJobStore.postgres(url: url, runningPerKey: runningPerKey, dataDirectory: dir, now: { [clock] in clock.now })
                }
                try body(store)
            }
        }
    }

    func batch(_ s: any JobStore, key: String, _ count: Int, priority: Int = 1, hash: String = "b") throws -> [String] {
        let jobs = (0..<count).map { JobSubmission(spec: "{}", bodyHash: "\($0)", priority: priority) }
        guard case .created(_, let ids) = try s.submitBatch(BatchSubmission(keyID: key, bodyHash: hash, idempotencyKey: nil,
                                                                              jobs: jobs, queuedLimit: nil)) else {
            throw CocoaError(.featureUnsupported)
        }
        return ids
    }

    /// The key of each job claimed until the queue is empty (each finished before the next claim,
    /// as one worker would).
    func claimOrder(_ s: any JobStore, max: Int = 10_000) throws -> [String] {
        var keys: [String] = []
        while keys.count < max, let job = try s.claim(owner: "w") {
            keys.append(job.keyID)
            XCTAssertTrue(try s.complete(job.id, owner: "w", output: JobOutput(path: "/o", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4")))
        }
        return keys
    }

    func testAnotherKeysJobWaitsForOneJobNotForABatch() throws {
        try onBothStores { s in
            _ = try batch(s, key: "A", 500)
            guard case .created(let single) = try s.submit(JobSubmission(spec: "{}", bodyHash: "b1", keyID: "B")) else { return XCTFail() }
            let order = try claimOrder(s, max: 4)
            XCTAssertEqual(order, ["A", "B", "A", "A"], "B's job is taken as soon as one worker frees, not after A's 500")
            XCTAssertEqual(try s.job(single.id)?.status, .succeeded)
            // Three keys take turns: a key never served first, then the one served longest ago.
            _ = try batch(s, key: "C", 3)
            _ = try batch(s, key: "B", 3, hash: "b2")
            XCTAssertEqual(try claimOrder(s, max: 9), ["C", "B", "A", "C", "B", "A", "C", "B", "A"])
            XCTAssertEqual(try s.list(keyID: "A", status: .queued, batchID: nil, metadata: nil, limit: 100, cursor: nil).jobs.count, 100, "A's queue went on")
        }
    }

    func testPrioritiesOrderAKeysJobsOldestFirstWithinEach() throws {
        try onBothStores { s in
            var ids: [String: Int] = [:]
            for (i, rank) in [2, 1, 0, 1, 2, 0].enumerated() {
                guard case .created(let job) = try s.submit(JobSubmission(spec: "{}", bodyHash: "\(i)", keyID: "K", priority: rank)) else { return XCTFail() }
                ids[job.id] = i
            }
            var order: [Int] = []
            while let job = try s.claim(owner: "w") { order.append(ids[job.id]!) }
            XCTAssertEqual(order, [2, 5, 1, 3, 0, 4], "high, normal, low; each oldest first")
        }
    }

    func testAKeyAtItsRunningLimitWaitsWhileOthersRun() throws {
        try onBothStores(runningPerKey: 1) { s in
            _ = try batch(s, key: "A", 2)
            _ = try batch(s, key: "B", 1, hash: "b2")
            let first = try XCTUnwrap(try s.claim(owner: "w1"))
            XCTAssertEqual(first.keyID, "A")
            XCTAssertEqual(try s.claim(owner: "w2")?.keyID, "B")
            XCTAssertNil(try s.claim(owner: "w3"), "A runs its one job; its second waits though a worker is free")
            XCTAssertTrue(try s.complete(first.id, owner: "w1", output: JobOutput(path: "/o", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4")))
            XCTAssertEqual(try s.claim(owner: "w3")?.keyID, "A")
        }
    }

    func testTheLastOfABatchsJobsToEndWritesItsEventOnceEvenWhenTheyEndTogether() throws {
        try onBothStores { s in
            let jobs = (0..<8).map { JobSubmission(spec: "{}", bodyHash: "\($0)") }
            guard case .created(let batch, _) = try s.submitBatch(BatchSubmission(keyID: "K", bodyHash: "h", idempotencyKey: nil, jobs: jobs,
                                                                                  queuedLimit: nil, webhookURL: "https://hooks.example.com/b")) else {
                return XCTFail()
            }
            let claimed = (0..<8).compactMap { i in try? s.claim(owner: "w\(i)") }
            XCTAssertEqual(claimed.count, 8)
            XCTAssertEqual(try s.deliveries(jobID: batch.id).count, 0, "nothing before the end")
            // Every job ends at once, on threads of their own (on PostgreSQL, in transactions that overlap).
            DispatchQueue.concurrentPerform(iterations: 8) { i in
                let output = JobOutput(path: "/o\(i)", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4")
                _ = i % 2 == 0 ? try? s.complete(claimed[i].id, owner: "w\(i)", output: output)
                    : try? s.fail(claimed[i].id, owner: "w\(i)", error: JobError(code: .renderFailed, message: "x"), retry: false)
            }
            let deliveries = try s.deliveries(jobID: batch.id)
            XCTAssertEqual(deliveries.map(\.event), ["batch"], "exactly one batch event")
            XCTAssertEqual(try s.batchProgress(batch.id).counts, [.succeeded: 4, .failed: 4])
        }
    }

    func testABatchIsCreatedCancelledAndDeletedAllOrNone() throws {
        try onBothStores { s in
            // One job names an upload the key does not have: nothing is created.
            var jobs = (0..<5).map { JobSubmission(spec: "{}", bodyHash: "\($0)") }
            jobs[3].assets = ["asset_gone"]
            let sub = BatchSubmission(keyID: "K", bodyHash: "h", idempotencyKey: "batch-1", jobs: jobs, queuedLimit: nil)
            guard case .assetsMissing(let index, let missing) = try s.submitBatch(sub) else { return XCTFail("a missing upload") }
            XCTAssertEqual(index, 3)
            XCTAssertEqual(missing, ["asset_gone"])
            XCTAssertEqual(try s.list(keyID: "K", status: nil, batchID: nil, metadata: nil, limit: 10, cursor: nil).jobs.count, 0, "no job of it stayed")

            // Over the queued limit: nothing either.
            jobs[3].assets = []
            let limited = BatchSubmission(keyID: "K", bodyHash: "h", idempotencyKey: "batch-1", jobs: jobs, queuedLimit: 4)
            guard case .overQuota(let queued, _) = try s.submitBatch(limited) else { return XCTFail("5 jobs over a limit of 4") }
            XCTAssertEqual(queued, 0)

            guard case .created(let batch, let ids) = try s.submitBatch(BatchSubmission(keyID: "K", bodyHash: "h", idempotencyKey: "batch-1",
                                                                                          jobs: jobs, queuedLimit: 5)) else { return XCTFail() }
            XCTAssertEqual(ids.count, 5)
            XCTAssertEqual(try s.batchProgress(batch.id).jobIDs, ids, "in the order submitted")
            XCTAssertEqual(try s.list(keyID: "K", status: nil, batchID: batch.id, metadata: nil, limit: 10, cursor: nil).jobs.map(\.id), ids.reversed())
            XCTAssertEqual(try s.job(ids[0])?.batchID, batch.id)
            // The same key and body: the same batch; another body: a conflict.
            guard case .existing(let again, let sameIDs) = try s.submitBatch(BatchSubmission(keyID: "K", bodyHash: "h", idempotencyKey: "batch-1",
                                                                                              jobs: jobs, queuedLimit: 5)) else { return XCTFail() }
            XCTAssertEqual(again.id, batch.id)
            XCTAssertEqual(sameIDs, ids)
            guard case .conflict = try s.submitBatch(BatchSubmission(keyID: "K", bodyHash: "other", idempotencyKey: "batch-1",
                                                                     jobs: jobs, queuedLimit: nil)) else { return XCTFail("another body") }
            XCTAssertNil(try s.batch(batch.id, keyID: "L"), "another key's batch is not there")

            // One runs, one is done; cancelling the batch ends the queued ones and asks the running one to stop.
            let running = try XCTUnwrap(try s.claim(owner: "w"))
            let done = try XCTUnwrap(try s.claim(owner: "w"))
            XCTAssertTrue(try s.complete(done.id, owner: "w", output: JobOutput(path: "/o", bytes: 1, duration: "1", sha256: "", contentType: "video/mp4")))
            let results = try XCTUnwrap(try s.cancelBatch(batch.id, keyID: "K"))
            XCTAssertEqual(results.count, 5)
            let progress = try s.batchProgress(batch.id)
            XCTAssertEqual(progress.counts, [.canceled: 3, .running: 1, .succeeded: 1])
            XCTAssertEqual(try s.job(running.id)?.cancelRequested, true)

            let deletions = try XCTUnwrap(try s.deleteBatch(batch.id, keyID: "K"))
            XCTAssertEqual(deletions.count, 5)
            XCTAssertTrue(deletions.contains(.deleted(outputs: ["/o"], wasRunning: false)))
            XCTAssertNil(try s.batch(batch.id, keyID: "K"))
            XCTAssertEqual(try s.batchProgress(batch.id).jobIDs, [])
            XCTAssertNil(try s.deleteBatch(batch.id, keyID: "K"))
        }
    }
}
