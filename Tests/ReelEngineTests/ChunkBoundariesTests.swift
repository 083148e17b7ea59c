@testable import ReelEngine
import XCTest

/// `ChunkBoundaries`: chunks of about the wanted length on the allowed starts, and each progressive
/// output's first two pieces one start each from where it begins (`smallAfter`).
final class ChunkBoundariesTests: XCTestCase {
    /// Starts every 10 frames of 100, chunks of 30 wanted.
    let starts = Array(stride(from: Int64(0), to: 100, by: 10))

    func testEachBoundaryIsTheFirstStartAfterTheWantedLength() {
        XCTAssertEqual(ChunkBoundaries.ranges(frames: 100, wanted: 30, starts: starts), [0..<30, 30..<60, 60..<90, 90..<100])
        XCTAssertEqual(ChunkBoundaries.ranges(frames: 100, wanted: 30, starts: [0, 45]), [0..<45, 45..<100], "the first start at or after 30")
    }

    func testAProgressiveOutputsFirstTwoPiecesAreOneStartEach() {
        XCTAssertEqual(ChunkBoundaries.ranges(frames: 100, wanted: 30, starts: starts, smallAfter: [0]),
                       [0..<10, 10..<20, 20..<50, 50..<80, 80..<100])
        // A second one beginning at 55: the start before it (50) and the two after (60, 70).
        XCTAssertEqual(ChunkBoundaries.ranges(frames: 100, wanted: 30, starts: starts, smallAfter: [0, 55]),
                       [0..<10, 10..<20, 20..<50, 50..<60, 60..<70, 70..<100])
        XCTAssertEqual(ChunkBoundaries.ranges(frames: 100, wanted: 30, starts: starts, smallAfter: [85]),
                       [0..<30, 30..<60, 60..<90, 90..<100], "one start after it: nothing to make small")
    }
}
