import ReelSpec
import XCTest

/// The spec's top-level `webhook`: a URL of the right shape and a set of known events.
final class WebhookValidationTests: XCTestCase {
    func spec(_ webhook: String) -> String {
        ##"{ "version": 1, "webhook": \##(webhook), "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }"##
    }

    func testURLAndEventsAreRead() throws {
        let s = try XCTUnwrap(decodeOK(spec(#"{ "url": "https://hooks.example.com/reel?x=1", "events": ["progress", "failed"] }"#)))
        XCTAssertEqual(s.webhook, WebhookSpec(url: "https://hooks.example.com/reel?x=1", events: [.progress, .failed]))
        let defaults = try XCTUnwrap(decodeOK(spec(#"{ "url": "HTTP://127.0.0.1:9000" }"#)))
        XCTAssertEqual(defaults.webhook?.events, [.succeeded, .failed, .canceled], "progress is opt-in")
        XCTAssertNil(try XCTUnwrap(decodeOK(spec("null").replacingOccurrences(of: #""webhook": null, "#, with: ""))).webhook)
    }

    func testEveryProblemAtItsPointer() {
        XCTAssertEqual(message(spec(#"{ "url": "ftp://x/y" }"#), at: "/webhook/url"), "must be an http:// or https:// URL with a host")
        XCTAssertEqual(message(spec(#"{ "url": "https:///path" }"#), at: "/webhook/url"), "must be an http:// or https:// URL with a host")
        XCTAssertEqual(message(spec(#"{ "url": "https://a b" }"#), at: "/webhook/url"), "must be an http:// or https:// URL with a host")
        XCTAssertEqual(pointers(spec(#"{ "events": ["done", "failed", "failed"], "secret": 1 }"#)),
                       ["/webhook/url", "/webhook/events/0", "/webhook/events/2", "/webhook/secret"])
        XCTAssertEqual(message(spec(#"{ "url": "https://x", "events": [] }"#), at: "/webhook/events"), "must not be empty")
        XCTAssertEqual(pointers(spec(#""https://x""#)), ["/webhook"])
    }
}
