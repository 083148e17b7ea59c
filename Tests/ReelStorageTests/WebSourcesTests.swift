import Foundation
@testable import ReelStorage
import ReelFetch
import TestSupport
import XCTest

/// The node's cache of web sources: one GET per source while a copy is fresh, a conditional GET
/// after (a 304 keeps the copy, a new version replaces it), one fetch at a time per URL, eviction
/// under a small limit, and held copies kept.
final class WebSourcesTests: XCTestCase {
    var server: WebTestServer!
    var dir = ""

    override func setUpWithError() throws {
        server = try WebTestServer()
        dir = NSTemporaryDirectory() + "reel-websources-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        server = nil
        try? FileManager.default.removeItem(atPath: dir)
    }

    func sources(limit: Int64 = 1 << 30, fresh: TimeInterval = 600) -> WebSources {
        WebSources(folder: dir + "/sources", validators: dir + "/validators", limit: limit,
                   fetch: WebFetch(resolver: HostResolver(trusted: ["127.0.0.1"]), maxBytes: 1 << 20, maxSeconds: 20), freshSeconds: fresh)
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func testFetchedOnceThenRevalidated() throws {
        let url = server.url("/versioned/clip")
        let fresh = sources()
        let first = try fresh.localCopy(url)
        XCTAssertEqual(try bytes(first).count, 100_000)
        // Eight readers at once (probes, chunks): the first fetches, the rest read its copy.
        DispatchQueue.concurrentPerform(iterations: 8) { _ in XCTAssertEqual(try? fresh.localCopy(url), first) }
        XCTAssertEqual(try server.count("/versioned/clip"), 1, "one GET while the copy is fresh")

        let stale = sources(fresh: 0)
        let before = try bytes(first)
        XCTAssertEqual(try stale.localCopy(url), first)
        XCTAssertEqual(try server.count("/versioned/clip"), 2, "a conditional GET")
        XCTAssertEqual(try bytes(first), before, "a 304 keeps the copy")
        try server.get("/bump/clip")
        let second = try stale.localCopy(url)
        XCTAssertNotEqual(second, first, "a new version is a new copy")
        XCTAssertEqual(try bytes(first), before, "and the old one is left whole for a render reading it")
        XCTAssertNotEqual(try bytes(second), before)
        XCTAssertEqual(try bytes(second).count, 100_000)
        for path in [first, second] {
            XCTAssertEqual((path as NSString).lastPathComponent, try sha256sum(path), "a copy is named by the SHA-256 of its bytes")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/sources").count, 2, "no partial file left")
        XCTAssertEqual(try sources().localCopy(url), second, "the URL's record points at the new copy")
    }

    /// Two URLs whose bytes are the same (a link and the file it redirects to) share one copy.
    func testURLsWithTheSameBytesShareOneCopy() throws {
        let cache = sources()
        let direct = try cache.localCopy(server.url("/file/same"))
        let redirected = try cache.localCopy(server.url("/redirect?to=/file/same"))
        XCTAssertEqual(direct, redirected)
        XCTAssertEqual(try server.count("/file/same"), 2, "each URL was fetched once")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/sources"), [(direct as NSString).lastPathComponent])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/validators").count, 2, "one record per URL")
    }

    /// A render holding a URL keeps the version the URL had when a newer one arrives (it may have
    /// opened it), until the hold ends.
    func testAHeldURLKeepsItsOlderVersionFromEviction() throws {
        let url = server.url("/versioned/held")
        let cache = sources(limit: 250_000, fresh: 0)
        let held = cache.hold([url])
        let old = try cache.localCopy(url)
        try server.get("/bump/held")
        let new = try cache.localCopy(url)
        XCTAssertNotEqual(old, new)
        try age(old)
        try age(new)
        _ = try cache.localCopy(server.url("/file/filler"))  // a third 100 000-byte copy: over the 250 000-byte limit
        XCTAssertTrue(FileManager.default.fileExists(atPath: old), "the version the hold began with is kept")
        XCTAssertTrue(FileManager.default.fileExists(atPath: new), "the URL's current version is kept")
        held.release()
        try age(old)
        try age(new)
        _ = try cache.localCopy(server.url("/file/filler-2"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: old), "released: evicted")
        XCTAssertFalse(FileManager.default.fileExists(atPath: new))
    }

    /// Two caches over one folder share no lock (as two processes on one node): both fetch, each
    /// into its own partial file, and each ends with the whole copy; nothing partial is left.
    func testTwoCachesFillingOneFolderAtOnce() throws {
        let url = server.url("/file/shared")
        let caches = [sources(), sources()]
        let paths = Collected<String>()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            if let p = try? caches[i % 2].localCopy(url) { paths.append(p) }
        }
        XCTAssertEqual(paths.all.count, 8)
        XCTAssertEqual(Set(paths.all).count, 1, "one copy")
        let first = try XCTUnwrap(paths.all.first)
        XCTAssertEqual(try bytes(first).count, 100_000)
        XCTAssertLessThanOrEqual(try server.count("/file/shared"), 2, "at most one GET per cache")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/sources").count, 1, "no partial file left")
    }

    func testEvictionUnderASmallLimitSparesHeldCopies() throws {
        // Room for one 100 000-byte copy; `hold` 600 s protects copies used lately, so the test
        // ages them by hand.
        let cache = sources(limit: 150_000)
        let a = try cache.localCopy(server.url("/file/a"))
        let held = cache.hold([server.url("/file/a")])
        try age(a)
        let b = try cache.localCopy(server.url("/file/b"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: a), "held: kept over the limit")
        held.release()
        try age(b)
        _ = try cache.localCopy(server.url("/file/c"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: a), "released and used longest ago: evicted")
        XCTAssertFalse(FileManager.default.fileExists(atPath: b))
        XCTAssertEqual(try server.count("/file/a"), 1)
        _ = try cache.localCopy(server.url("/file/a"))
        XCTAssertEqual(try server.count("/file/a"), 2, "an evicted copy is fetched again")
    }

    func testFailuresPassThroughAndLeaveNothing() {
        XCTAssertThrowsError(try sources().localCopy(server.url("/status/404"))) { error in
            XCTAssertEqual(error as? WebFailure, WebFailure(.answered(status: 404), "answers HTTP 404"))
        }
        XCTAssertThrowsError(try sources().localCopy("http://localhost:\(server.port)/file/a")) { error in
            XCTAssertEqual((error as? WebFailure)?.kind, .refused)
        }
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: dir + "/sources")) ?? [], [])
    }

    /// Sets a copy's last use an hour back, past the cache's 10-minute hold.
    func age(_ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: path)
    }
}
