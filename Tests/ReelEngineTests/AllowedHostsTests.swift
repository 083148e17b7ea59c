@testable import ReelEngine
import XCTest

/// One rule for the URLs the server may reach: a source's `src` and a webhook's `url` get the same
/// verdict for the same URL.
final class AllowedHostsTests: XCTestCase {
    func testHostsMatchExactlyCaseInsensitivelyWithoutCredentials() {
        let hosts = AllowedHosts(["Media.Example.com", "127.0.0.1"])
        XCTAssertNil(hosts.refusal("https://media.example.com/a.mp4"))
        XCTAssertNil(hosts.refusal("HTTP://MEDIA.EXAMPLE.COM:8443/a.mp4"))
        XCTAssertNil(hosts.refusal("http://127.0.0.1:9000/hook"))
        XCTAssertEqual(hosts.refusal("https://cdn.media.example.com/a.mp4"),
                       "is on host cdn.media.example.com, which this configuration does not allow (allowedHosts)", "no subdomains")
        XCTAssertEqual(hosts.refusal("https://user:pw@media.example.com/a.mp4"), "carries credentials in the URL")
        XCTAssertEqual(hosts.refusal("ftp://media.example.com/a.mp4"), "is not a valid http(s) URL")
        XCTAssertEqual(hosts.refusal("https:///a.mp4"), "is not a valid http(s) URL")
        XCTAssertEqual(AllowedHosts([]).refusal("https://media.example.com/a.mp4"),
                       "is a URL, and this configuration allows no URL hosts (allowedHosts)")
    }

    func testSourcesAreJudgedByTheSameRule() {
        let resolver = SourceResolver(mediaRoot: NSTemporaryDirectory(), allowedHosts: ["media.example.com"])
        for src in ["https://other.example.com/a.mp4", "https://u:p@media.example.com/a.mp4"] {
            XCTAssertThrowsError(try resolver.resolve(src)) { error in
                XCTAssertEqual((error as? SourceResolver.Refusal)?.reason, AllowedHosts(["media.example.com"]).refusal(src), src)
            }
        }
        XCTAssertEqual(try resolver.resolve("https://MEDIA.example.com/a.mp4"), "https://MEDIA.example.com/a.mp4")
    }
}
