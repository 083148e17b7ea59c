import Foundation
@testable import ReelStore
import StoreFixtures
import XCTest

/// The chunks of a chunked job in both stores: cut once, claimed once each, leases and attempts of
/// their own, cancelled with their job, deleted with it.
final class ChunkStoreTests: XCTestCase {
    var dir = ""
    let clock = FakeClock()
    var backend = StoreBackend.sqlite

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reel-chunks-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func store(maxAttempts: Int = 2) throws -> any JobStore {
        try backend.open(dir: dir, maxAttempts: maxAttempts, leaseSeconds: 10, clock: clock)
    }

    func onBothStores(_ body: () throws -> Void) throws {
        for b in [StoreBackend.sqlite, try .postgres()] {
            backend = b
            try b.run(body)
        }
    }

    /// A job claimed by "J" and cut into three chunks.
    func cutJob(_ s: any JobStore, hash: String = "h") throws -> Job {
        guard case .created(let job) = try s.submit(spec: "{}", bodyHash: hash, idempotencyKey: nil) else { throw CocoaError(.coderInvalidValue) }
        XCTAssertEqual(try s.claim(owner: "J")?.id, job.id)
        let chunks = try XCTUnwrap(try s.addChunks(job.id, owner: "J", frames: [0..<30, 30..<60, 60..<75], seconds: 1))
        XCTAssertEqual(chunks.map(\.frames), [0..<30, 30..<60, 60..<75])
        XCTAssertEqual(chunks.map(\.status), [.queued, .queued, .queued])
        return job
    }

    func testChunksAreCutOnceAndClaimedOnceEach() throws {
        try onBothStores {
            let s = try store()
            let job = try cutJob(s)
            guard case .created(let other) = try s.submit(spec: "{}", bodyHash: "o", idempotencyKey: nil) else { return XCTFail() }
            XCTAssertNil(try s.addChunks(other.id, owner: "J", frames: [0..<1], seconds: 1), "only the job's lease holder cuts it")
            XCTAssertEqual(try s.job(job.id)?.chunks, 3)
            XCTAssertEqual(try s.job(job.id)?.chunkSeconds, 1, "the length it was cut at")
            XCTAssertEqual(try s.job(other.id)?.chunks, 1, "a job not cut has one chunk")
            XCTAssertNil(try s.job(other.id)?.chunkSeconds)
            // A later attempt finds the same chunks (and the first cut's length).
            XCTAssertEqual(try s.addChunks(job.id, owner: "J", frames: [0..<75], seconds: 3)?.count, 3)
            XCTAssertEqual(try s.job(job.id)?.chunkSeconds, 1)
            let a = try XCTUnwrap(try s.claimChunk(owner: "A", jobID: nil))
            let b = try XCTUnwrap(try s.claimChunk(owner: "B", jobID: job.id))
            let c = try XCTUnwrap(try s.claimChunk(owner: "J", jobID: job.id))
            XCTAssertEqual([a.index, b.index, c.index], [0, 1, 2])
            XCTAssertNil(try s.claimChunk(owner: "C", jobID: nil), "every chunk is taken")
            XCTAssertEqual(try s.heartbeatChunk(job.id, index: 0, owner: "A", progress: 0.5), .keepGoing)
            XCTAssertEqual(try s.heartbeatChunk(job.id, index: 0, owner: "B", progress: 0.5), .lost, "not B's chunk")
            XCTAssertEqual(try s.chunks(of: job.id)[0].progress, 0.5)
            XCTAssertTrue(try s.finishChunk(job.id, index: 0, owner: "A", error: nil, retry: false))
            XCTAssertFalse(try s.finishChunk(job.id, index: 0, owner: "A", error: nil, retry: false), "finished once")
            XCTAssertEqual(try s.chunks(of: job.id).map(\.status), [.done, .running, .running])
            XCTAssertEqual(try s.chunks(of: job.id)[0].progress, 1)
            // Given back at shutdown: claimable again, the attempt not counted.
            try s.releaseChunk(job.id, index: 1, owner: "B")
            let again = try XCTUnwrap(try s.claimChunk(owner: "C", jobID: nil))
            XCTAssertEqual(again.index, 1)
            XCTAssertEqual(again.attempts, 1)
        }
    }

    func testAChunkWhoseWorkerDiedIsClaimedAgainThenFails() throws {
        try onBothStores {
            let s = try store(maxAttempts: 2)
            let job = try cutJob(s)
            XCTAssertEqual(try s.claimChunk(owner: "A", jobID: nil)?.index, 0)
            XCTAssertNil(try s.claimChunk(owner: "B", jobID: job.id).flatMap { $0.index == 0 ? $0 : nil })
            clock.advance(seconds: 11)
            // B took chunk 1 above; now chunk 0's lease has run out (and chunk 1's).
            let retaken = try XCTUnwrap(try s.claimChunk(owner: "C", jobID: job.id))
            XCTAssertEqual(retaken.index, 0)
            XCTAssertEqual(retaken.attempts, 2)
            XCTAssertEqual(try s.heartbeatChunk(job.id, index: 0, owner: "A", progress: 0.9), .lost, "the dead worker's lease is gone")
            clock.advance(seconds: 11)
            // Its second worker died too: out of attempts, the chunk fails with the reason.
            // Chunk 1, whose lease (B's) ran out once, is the next one claimed.
            let next = try XCTUnwrap(try s.claimChunk(owner: "D", jobID: job.id))
            XCTAssertEqual(next.index, 1)
            XCTAssertEqual(next.attempts, 2)
            let chunks = try s.chunks(of: job.id)
            XCTAssertEqual(chunks.map(\.status), [.failed, .running, .queued])
            XCTAssertTrue(chunks[0].error?.contains("interrupted 2 times") ?? false, "\(String(describing: chunks[0].error))")
        }
    }

    func testAFailedChunkIsQueuedAgainWhileAttemptsRemain() throws {
        try onBothStores {
            let s = try store(maxAttempts: 2)
            let job = try cutJob(s)
            _ = try s.claimChunk(owner: "A", jobID: nil)
            XCTAssertTrue(try s.finishChunk(job.id, index: 0, owner: "A", error: "disk full", retry: true))
            XCTAssertEqual(try s.chunks(of: job.id)[0].status, .queued)
            XCTAssertEqual(try s.claimChunk(owner: "A", jobID: nil)?.index, 0)
            XCTAssertTrue(try s.finishChunk(job.id, index: 0, owner: "A", error: "disk full again", retry: true))
            let c = try s.chunks(of: job.id)[0]
            XCTAssertEqual(c.status, .failed, "attempts used up")
            XCTAssertEqual(c.error, "disk full again")
        }
    }

    func testCancellingTheJobStopsItsChunksAndDeletingRemovesThem() throws {
        try onBothStores {
            let s = try store()
            let job = try cutJob(s)
            _ = try s.claimChunk(owner: "A", jobID: nil)
            guard case .requested = try s.cancel(job.id) else { return XCTFail() }
            XCTAssertEqual(try s.heartbeatChunk(job.id, index: 0, owner: "A", progress: 0.2), .cancel)
            XCTAssertNil(try s.claimChunk(owner: "B", jobID: nil), "a cancelled job's chunks are not claimed")
            XCTAssertTrue(try s.markCanceled(job.id, owner: "J"))
            XCTAssertEqual(try s.heartbeatChunk(job.id, index: 0, owner: "A", progress: 0.3), .cancel, "the job ended")
            guard case .deleted = try s.deleteJob(job.id, keyID: nil) else { return XCTFail() }
            XCTAssertEqual(try s.chunks(of: job.id), [])
        }
    }

    /// The nodes sharing a store count their workers: a node's heartbeat renews its row, one
    /// silent longer than the window is no longer counted (and is forgotten after an hour), one
    /// that stops is removed at once.
    func testLiveWorkersAreTheWorkersOfTheNodesHeardFromLately() throws {
        try onBothStores {
            let s = try store()
            XCTAssertEqual(try s.liveWorkers(seenWithin: 30), 0)
            try s.heartbeat(node: "a", workers: 2)
            try s.heartbeat(node: "b", workers: 3)
            XCTAssertEqual(try s.liveWorkers(seenWithin: 30), 5)
            clock.advance(seconds: 20)
            try s.heartbeat(node: "a", workers: 4)
            XCTAssertEqual(try s.liveWorkers(seenWithin: 30), 7, "a's new count")
            clock.advance(seconds: 20)
            XCTAssertEqual(try s.liveWorkers(seenWithin: 30), 4, "b fell silent 40 s ago")
            try s.forgetNode("a")
            XCTAssertEqual(try s.liveWorkers(seenWithin: 30), 0)
            XCTAssertEqual(try s.liveWorkers(seenWithin: 3600), 3, "b's row is still there within the hour")
            clock.advance(seconds: 3600)
            try s.heartbeat(node: "c", workers: 1)
            XCTAssertEqual(try s.liveWorkers(seenWithin: 1_000_000), 1, "b was forgotten after an hour of silence")
        }
    }
}
