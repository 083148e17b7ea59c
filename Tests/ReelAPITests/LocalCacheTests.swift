import Foundation
import ReelStorage
import XCTest

/// The node's cache of bucket objects stays within its limit by deleting the copies used longest
/// ago, never one used within its hold time, and a copy found again counts as used.
final class LocalCacheTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "reel-cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// Fills `key` with `bytes` bytes, counting the fills.
    func copy(_ cache: LocalCache, _ key: String, bytes: Int = 100, fills: inout Int) throws -> String {
        try cache.copy(key) { partial in
            fills += 1
            try Data(repeating: 7, count: bytes).write(to: URL(fileURLWithPath: partial))
        }
    }

    /// Sets when `key` was last used, `ago` seconds back.
    func used(_ key: String, ago: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-ago)], ofItemAtPath: folder + "/" + key)
    }

    func testTheCopiesUsedLongestAgoGoFirst() throws {
        let cache = LocalCache(folder: folder, limit: 250, hold: 60)
        var fills = 0
        _ = try copy(cache, "uploads/a", fills: &fills)
        _ = try copy(cache, "outputs/x.hls/b", fills: &fills)
        try used("uploads/a", ago: 300)
        try used("outputs/x.hls/b", ago: 200)
        _ = try copy(cache, "uploads/a", fills: &fills)  // found: used now, not fetched again
        XCTAssertEqual(fills, 2)
        let c = try copy(cache, "uploads/c", fills: &fills)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: c)).count, 100)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/outputs/x.hls/b"), "used longest ago")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/uploads/a"), "used again just now")
        XCTAssertEqual(cache.size, 200)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: folder + "/uploads"))?.sorted(), ["a", "c"], "no partial file left")
    }

    /// Copies in use (within the hold) are kept even over the limit: a render about to open one
    /// must not lose it; they go once the hold has passed.
    func testCopiesInUseStayOverTheLimit() throws {
        let cache = LocalCache(folder: folder, limit: 150, hold: 60)
        var fills = 0
        _ = try copy(cache, "uploads/a", fills: &fills)
        _ = try copy(cache, "uploads/b", fills: &fills)
        XCTAssertEqual(cache.size, 200, "both used within the hold")
        try used("uploads/a", ago: 120)
        _ = try copy(cache, "uploads/c", fills: &fills)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/uploads/a"))
        XCTAssertEqual(cache.size, 200, "b and c are in use")
    }

    func testAFailedFillLeavesNothing() throws {
        let cache = LocalCache(folder: folder, limit: 1000)
        struct Refused: Error {}
        XCTAssertThrowsError(try cache.copy("uploads/a") { partial in
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: partial))
            throw Refused()
        })
        XCTAssertEqual(cache.size, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/uploads"), [])
    }
}
