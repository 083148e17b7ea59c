import ReelHTTP
import XCTest

/// Who a request is from behind reverse proxies: `X-Forwarded-For` only from a trusted peer, and
/// then its rightmost hop that is not a trusted proxy.
final class ProxyTrustTests: XCTestCase {
    func testBlocksAndTheClientTheyName() throws {
        let trust = try ProxyTrust(["127.0.0.1", "10.0.0.0/8", "fd00::/8"])
        XCTAssertTrue(trust.trusts("127.0.0.1"))
        XCTAssertFalse(trust.trusts("127.0.0.2"), "an address is a /32")
        XCTAssertTrue(trust.trusts("10.200.3.4"))
        XCTAssertFalse(trust.trusts("11.0.0.1"))
        XCTAssertTrue(trust.trusts("fd12:3456::1"))
        XCTAssertFalse(trust.trusts("fe80::1"))
        XCTAssertFalse(trust.trusts("not-an-ip"))
        // A dual-stack socket names an IPv4 peer in its IPv4-mapped IPv6 form: the same address.
        XCTAssertTrue(trust.trusts("::ffff:10.1.2.3"))
        XCTAssertTrue(trust.trusts("::ffff:127.0.0.1"))
        XCTAssertFalse(trust.trusts("::ffff:11.0.0.1"))
        XCTAssertFalse(trust.trusts("::10.1.2.3"), "IPv4-compatible is not IPv4-mapped")
        let mapped = try ProxyTrust(["::ffff:192.0.2.0/120"])
        XCTAssertTrue(mapped.trusts("192.0.2.77"), "a block written mapped covers the IPv4 form")
        XCTAssertFalse(mapped.trusts("192.0.3.1"))
        XCTAssertEqual(trust.client(peer: "::ffff:127.0.0.1", forwardedFor: "203.0.113.7"), "203.0.113.7")

        // From a trusted proxy: the rightmost untrusted hop, whatever the client wrote before it.
        XCTAssertEqual(trust.client(peer: "127.0.0.1", forwardedFor: "203.0.113.7"), "203.0.113.7")
        XCTAssertEqual(trust.client(peer: "127.0.0.1", forwardedFor: "1.2.3.4, 203.0.113.7, 10.0.0.9"), "203.0.113.7")
        XCTAssertEqual(trust.client(peer: "127.0.0.1", forwardedFor: "10.1.1.1, 10.0.0.9"), "10.1.1.1", "all trusted: the first")
        XCTAssertEqual(trust.client(peer: "127.0.0.1", forwardedFor: "1.2.3.4, junk"), "127.0.0.1", "a hop that is no address: the peer")
        XCTAssertEqual(trust.client(peer: "127.0.0.1", forwardedFor: nil), "127.0.0.1")
        // From anyone else: the peer, whatever it claims.
        XCTAssertEqual(trust.client(peer: "198.51.100.2", forwardedFor: "203.0.113.7"), "198.51.100.2")
        XCTAssertEqual(ProxyTrust().client(peer: "127.0.0.1", forwardedFor: "203.0.113.7"), "127.0.0.1", "trusting no one")

        XCTAssertEqual(ProxyTrust.ip(ofPeer: "[::1]:5000"), "::1")
        XCTAssertEqual(ProxyTrust.ip(ofPeer: "127.0.0.1:5000"), "127.0.0.1")
        for bad in ["10.0.0.0/33", "example.com", "10.0.0.0/x", "::1/129", "", "/8"] {
            XCTAssertThrowsError(try ProxyTrust([bad]), bad)
        }
    }
}
