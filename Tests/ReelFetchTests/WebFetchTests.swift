import Foundation
import ReelFetch
import TestSupport
import XCTest

/// `WebFetch` against a local HTTP server (trusted by name, as `allowedHosts` lets an operator
/// do): bodies, conditional GETs, redirects followed and each hop checked, error statuses sorted
/// into refused / answered / unavailable, and the size and time limits.
final class WebFetchTests: XCTestCase {
    var server: WebTestServer!
    var dir = ""

    override func setUpWithError() throws {
        server = try WebTestServer()
        dir = NSTemporaryDirectory() + "reel-web-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        server = nil
        try? FileManager.default.removeItem(atPath: dir)
    }

    func fetcher(maxBytes: Int64 = 1 << 20, maxSeconds: Int = 20) -> WebFetch {
        WebFetch(resolver: HostResolver(trusted: ["127.0.0.1"]), maxBytes: maxBytes, maxSeconds: maxSeconds)
    }

    func failure(_ url: String, _ fetch: WebFetch? = nil) -> WebFailure? {
        do {
            _ = try (fetch ?? fetcher()).get(url, to: dir + "/out")
            return nil
        } catch {
            return error
        }
    }

    func testABodyAndARevalidation() throws {
        let outcome = try fetcher().get(server.url("/file/a"), to: dir + "/a")
        guard case .fetched(let validators) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertNotNil(validators.etag)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/a")).count, 100_000)
        XCTAssertEqual(try fetcher().get(server.url("/file/a"), to: dir + "/again", known: validators), .notModified)
        let other = try fetcher().get(server.url("/file/a"), to: dir + "/changed", known: .init(etag: "\"stale\""))
        XCTAssertEqual(other, .fetched(validators), "a changed ETag fetches the body again")
        XCTAssertEqual(try server.count("/file/a"), 3)
    }

    func testRedirectsAreFollowedAndEachHopChecked() throws {
        XCTAssertEqual(try fetcher().get(server.url("/chain/5"), to: dir + "/c").isFetched, true, "five hops are allowed")
        XCTAssertEqual(failure(server.url("/chain/6")), WebFailure(.refused, "redirects more than 5 times"))
        let relative = try fetcher().get(server.url("/redirect?to=/file/r"), to: dir + "/r")
        XCTAssertTrue(relative.isFetched)
        // Targets a redirect may not lead to, each refused before any connection is made there.
        for (to, reason) in [("http://localhost:\(server.port)/file/x", "is on host localhost, which resolves to a loopback address"),
                             ("http://2130706433:\(server.port)/file/x", "is on host 2130706433, which resolves to a loopback address"),
                             ("http://169.254.169.254/latest/meta-data/", "is on host 169.254.169.254, which resolves to a cloud metadata address"),
                             ("http://[::ffff:10.0.0.1]/x", "is on host ::ffff:10.0.0.1, which resolves to a private address (as IPv6)"),
                             ("file:///etc/passwd", "leads to a file: URL; only http and https are read"),
                             ("http://user:pw@127.0.0.1:\(server.port)/file/x", "carries credentials in the URL")] {
            let encoded = to.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            XCTAssertEqual(failure(server.url("/redirect?to=\(encoded)")), WebFailure(.refused, reason), to)
        }
        XCTAssertEqual(try server.count("/file/x"), 0, "no refused hop was fetched")
    }

    func testStatusesAndLimits() throws {
        XCTAssertEqual(failure(server.url("/status/404")), WebFailure(.answered(status: 404), "answers HTTP 404"))
        XCTAssertEqual(failure(server.url("/status/403")), WebFailure(.answered(status: 403), "answers HTTP 403"))
        XCTAssertEqual(failure(server.url("/status/503")), WebFailure(.unavailable, "answers HTTP 503"))
        XCTAssertEqual(failure(server.url("/file/big"), fetcher(maxBytes: 50_000)),
                       WebFailure(.refused, "is larger than 50000 bytes (limits.sourceBytes)"))
        XCTAssertEqual(failure(server.url("/slow"), fetcher(maxSeconds: 2))?.kind, .unavailable)
        let closed = try Spawn.freePort()
        XCTAssertEqual(failure("http://127.0.0.1:\(closed)/x")?.kind, .unavailable, "a refused connection may pass")
        XCTAssertEqual(failure("ftp://127.0.0.1/x"), WebFailure(.refused, "leads to a ftp: URL; only http and https are read"))
    }

    /// The last line of defence: every socket curl opens is judged by the address it is about to
    /// reach, whatever name resolution led there; and no proxy from the environment reroutes it.
    func testEveryConnectionIsJudgedAtTheSocketAndNoProxyIsUsed() throws {
        XCTAssertThrowsError(try CurlEasy().perform(method: "GET", url: server.url("/file/s"), headers: [], body: .none, sink: .discard,
                                                     limits: .init(allowAddress: { _ in false }))) { error in
            XCTAssertEqual((error as? CurlEasy.TransportError)?.code, CurlEasy.TransportError.refusedAddress, "\(error)")
        }
        XCTAssertEqual(try server.count("/file/s"), 0)
        setenv("http_proxy", "http://127.0.0.1:9", 1)
        setenv("HTTPS_PROXY", "http://127.0.0.1:9", 1)
        let direct = Result { try fetcher().get(server.url("/file/s"), to: dir + "/s") }
        unsetenv("http_proxy")  // before the count, which Foundation would send through the proxy
        unsetenv("HTTPS_PROXY")
        XCTAssertTrue(try direct.get().isFetched, "straight to the checked address")
        XCTAssertEqual(try server.count("/file/s"), 1)
    }
}

extension WebFetch.Outcome {
    var isFetched: Bool { if case .fetched = self { return true } else { return false } }
}
