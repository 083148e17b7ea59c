import Foundation
import Logging
import ReelEngine
import ReelStorage
import ReelStore
@testable import ReelWorker
import S3Fixtures
import Synchronization
import TestSupport
import XCTest

/// Pieces that vanish before the join (a sweep, a lost bucket, a dead node's half-shared piece) are
/// rendered again by the joining attempt: the job succeeds on that attempt with the same output.
extension ChunkedJobTests {
    /// A `ChunkStore` that deletes the named pieces the first time the joining worker fetches them.
    final class LosingChunks: ChunkStore {
        let inner: DataDirectory
        private let toLose: Mutex<[String]>
        private let shares = Mutex<[String: Int]>([:])

        init(_ inner: DataDirectory, losing pieces: [ChunkPiece]) {
            self.inner = inner
            toLose = Mutex(pieces.map(\.fileName))
        }

        /// How many times each piece was shared (rendered whole).
        func shared(_ piece: ChunkPiece) -> Int { shares.withLock { $0[piece.fileName, default: 0] } }

        func prepare(jobID: String) throws { try inner.prepare(jobID: jobID) }
        func localPath(jobID: String, piece: ChunkPiece) -> String { inner.localPath(jobID: jobID, piece: piece) }
        func share(jobID: String, piece: ChunkPiece) throws {
            try inner.share(jobID: jobID, piece: piece)
            shares.withLock { $0[piece.fileName, default: 0] += 1 }
        }
        func has(jobID: String, piece: ChunkPiece) -> Bool { inner.has(jobID: jobID, piece: piece) }
        func fetch(jobID: String, piece: ChunkPiece) throws -> String {
            let lose = toLose.withLock { list in
                guard let i = list.firstIndex(of: piece.fileName) else { return false }
                list.remove(at: i)
                return true
            }
            if lose { try FileManager.default.removeItem(atPath: localPath(jobID: jobID, piece: piece)) }
            return try inner.fetch(jobID: jobID, piece: piece)
        }
        func removePieces(jobID: String) { inner.removePieces(jobID: jobID) }
        func jobsWithPieces() -> [String] { inner.jobsWithPieces() }
    }

    func testPiecesMissingAtTheJoinAreRenderedAgain() throws {
        try makeFixture()
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let losing = LosingChunks(DataDirectory(root: dir), losing: [.video(1), .audio(2), .video(3)])
        let p = pool(store, workers: 2, chunkSeconds: 1, chunks: losing)
        p.start()
        defer { p.shutdown() }
        let id = try submit(store, Self.spec)
        p.wake()
        let done = try waitFor(store, id) { $0.status.isFinished }
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.attempts, 1, "the attempt that found the pieces missing rendered them again")
        XCTAssertEqual(try store.chunks(of: id).map(\.status), [.done, .done, .done, .done])
        XCTAssertEqual([0, 1, 2, 3].map { losing.shared(.video($0)) }, [1, 2, 2, 2], "the chunks with a lost piece were rendered twice, the others once")
        XCTAssertEqual([0, 1, 2, 3].map { losing.shared(.audio($0)) }, [1, 2, 2, 2], "a chunk's audio goes with its video")
        try assertMatchesWholeRender(try XCTUnwrap(done.output).path, id: id)
    }

    /// A piece that is not in the bucket is `ChunkPieceMissing` (what the join renders again), not
    /// an S3 error (which would fail the attempt).
    func testAPieceMissingFromTheBucketIsReportedAsMissing() throws {
        let s3 = try TestS3.shared().client()
        let chunks = S3Chunks(S3Place(client: s3, prefix: "p"), local: DataDirectory(root: dir + "/a"))
        let job = "job_01ARZ3NDEKTSV4RRFFQ69G5FAW"
        XCTAssertThrowsError(try chunks.fetch(jobID: job, piece: .video(0))) { error in
            XCTAssertTrue(error is ChunkPieceMissing, "\(error)")
        }
        XCTAssertThrowsError(try DataDirectory(root: dir).fetch(jobID: job, piece: .audio(0))) { error in
            XCTAssertTrue(error is ChunkPieceMissing, "\(error)")
        }
    }
}
