import Foundation
import ReelStorage
import ReelStore
@testable import ReelWorker
import TestSupport
import XCTest

/// A chunked job with a loudness target: its node solves the levels once and shares them, every
/// chunk's audio carries them, and the output is the whole render's within the codec's noise (a
/// chunk that missed the levels would be several dB off, far outside it).
extension ChunkedJobTests {
    static let loudSpec = ##"""
        { "version": 1, "output": { "width": 160, "height": 90, "frameRate": 30, "video": { "keyframeInterval": 0.5, "crf": 20 },
                                    "audio": { "loudness": { "target": -12, "truePeak": -1 } } },
          "timeline": { "videos": [ { "src": "a.mp4" } ] } }
        """##

    func testAChunkedJobWithALoudnessTargetSharesOneSetOfLevels() throws {
        try makeFixture()
        let store = try SQLJobStore.sqlite(path: dir + "/reel.db")
        let counting = LosingChunks(DataDirectory(root: dir), losing: [])
        let p = pool(store, workers: 2, chunkSeconds: 1, chunks: counting)
        p.start()
        defer { p.shutdown() }
        let id = try submit(store, Self.loudSpec)
        p.wake()
        let done = try waitFor(store, id) { $0.status.isFinished }
        XCTAssertEqual(done.status, .succeeded, "\(String(describing: done.error))")
        XCTAssertEqual(done.chunks, 4)
        XCTAssertEqual(counting.shared(.levels), 1, "the levels solved once, by the job's node")
        XCTAssertEqual([0, 1, 2, 3].map { counting.shared(.audio($0)) }, [1, 1, 1, 1])
        let integrated = try XCTUnwrap(done.output?.loudness?.integrated)
        XCTAssertEqual(integrated, -12, accuracy: 0.5, "the output at its target")
        try assertMatchesWholeRender(try XCTUnwrap(done.output).path, id: id, spec: Self.loudSpec)
    }
}
