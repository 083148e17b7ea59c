import ReelEngine
import ReelSpec
import XCTest

/// A job's chunk length from the live workers and its length (`ChunkLength`): one chunk per worker
/// within [10 s, chunkSeconds]; a short job is not cut; one worker keeps the configured length.
final class ChunkLengthTests: XCTestCase {
    func s(_ seconds: Int64, _ scale: Int32 = 1) -> Time { Time(value: seconds, timescale: scale) }

    func testOneChunkPerWorkerWithinTheBounds() {
        // The cluster bench's 600 s timeline on 16 one-worker nodes: 38 s (37.5 rounded up), the
        // length whose measured chunks predicted 12.01× there (docs/PERFORMANCE.md).
        XCTAssertEqual(ChunkLength.seconds(for: s(600), workers: 16, longest: 60), 38)
        XCTAssertEqual(ChunkLength.seconds(for: s(600), workers: 4, longest: 60), 60, "never longer than chunkSeconds")
        XCTAssertEqual(ChunkLength.seconds(for: s(600), workers: 10, longest: 60), 60)
        XCTAssertEqual(ChunkLength.seconds(for: s(600), workers: 11, longest: 60), 55)
        XCTAssertEqual(ChunkLength.seconds(for: s(600), workers: 200, longest: 60), 10, "never shorter than 10 s")
        XCTAssertEqual(ChunkLength.seconds(for: s(18_000, 30), workers: 60, longest: 60), 10, "600 s at 1/30 s: exact")
        XCTAssertEqual(ChunkLength.seconds(for: s(1001 * 18_000, 30_000), workers: 16, longest: 60), 38, "600.6 s / 16 = 37.54")
    }

    func testShortJobsAreNotCutAndOneWorkerKeepsTheConfiguredLength() {
        XCTAssertEqual(ChunkLength.seconds(for: s(19), workers: 16, longest: 60), 0, "under two of the shortest chunks: whole")
        XCTAssertEqual(ChunkLength.seconds(for: s(20), workers: 16, longest: 60), 10)
        XCTAssertEqual(ChunkLength.seconds(for: s(600), workers: 1, longest: 60), 60, "nothing to share")
        XCTAssertEqual(ChunkLength.seconds(for: s(600), workers: 16, longest: 0), 0, "chunkSeconds 0: never cut")
        XCTAssertEqual(ChunkLength.seconds(for: s(0), workers: 16, longest: 60), 0)
        XCTAssertEqual(ChunkLength.seconds(for: s(12), workers: 2, longest: 4), 4, "a chunkSeconds under 10 s is the operator's: kept")
        XCTAssertEqual(ChunkLength.seconds(for: s(12), workers: 6, longest: 4), 4, "and is then the shortest too")
        XCTAssertEqual(ChunkLength.seconds(for: s(7), workers: 6, longest: 4), 0, "under two of them: whole")
    }
}
