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

    /// The uploads a queued or running job uses stay however long ago they were used (a long
    /// render opens a source only when its timeline reaches it); when what is in use cannot be told,
    /// nothing goes.
    func testPinnedCopiesStay() throws {
        let pins = CachePins()
        let cache = LocalCache(folder: folder, limit: 150, hold: 60, pins: pins)
        var fills = 0
        _ = try copy(cache, "uploads/a", fills: &fills)
        _ = try copy(cache, "uploads/b", fills: &fills)
        try used("uploads/a", ago: 7200)
        try used("uploads/b", ago: 3600)
        pins.install { nil }
        _ = try copy(cache, "uploads/c", fills: &fills)
        XCTAssertEqual(cache.size, 300, "the store cannot be read: everything kept")
        pins.install { ["uploads/a"] }
        try used("uploads/c", ago: 1800)
        _ = try copy(cache, "uploads/d", fills: &fills)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/uploads/a"), "pinned, though used longest ago")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/uploads/b"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/uploads/c"))
        XCTAssertEqual(cache.size, 200)
    }

    /// A partial file left by a writer that died (a process killed mid-download) stops counting
    /// once it is older than the hold; a live writer's stays.
    func testADeadWritersPartialIsRemoved() throws {
        let cache = LocalCache(folder: folder, limit: 150, hold: 60)
        try FileManager.default.createDirectory(atPath: folder + "/uploads", withIntermediateDirectories: true)
        let dead = ".x.partial-2147483646-1", live = PartialName.make(for: "y")
        for name in [dead, live] {
            try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: folder + "/uploads/" + name))
            try used("uploads/" + name, ago: 3600)
        }
        var fills = 0
        _ = try copy(cache, "uploads/z", bytes: 10, fills: &fills)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/uploads/" + dead), "no process 2147483646 runs here")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/uploads/" + live), "this process still writes it")
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
