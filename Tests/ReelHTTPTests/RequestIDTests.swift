import ReelHTTP
import XCTest

/// Request ids: 16 lowercase hex digits, every digit used in every position, never repeated.
final class RequestIDTests: XCTestCase {
    func testIdsAreDistinctLowercaseHex() {
        let ids = (0..<20_000).map { _ in RequestID.make() }
        XCTAssertEqual(Set(ids).count, ids.count, "no id repeats")
        let hex = Set("0123456789abcdef".utf8)
        var seen = [Set<UInt8>](repeating: [], count: 16)
        for id in ids {
            let bytes = Array(id.utf8)
            XCTAssertEqual(bytes.count, 16, id)
            XCTAssertTrue(bytes.allSatisfy(hex.contains), id)
            for (i, b) in bytes.enumerated() where i < 16 { seen[i].insert(b) }
        }
        XCTAssertTrue(seen.allSatisfy { $0 == hex }, "every hex digit appears at every position over 20k ids")
        XCTAssertEqual(RequestID.accepting(ids[0]), ids[0], "an id Reel made is one it would keep from a client")
    }
}
