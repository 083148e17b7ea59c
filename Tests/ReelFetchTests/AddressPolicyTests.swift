import ReelFetch
import XCTest

/// Every address form a URL may spell is read as the address it is, and judged by the standards'
/// special-purpose ranges (RFC 6890 and its IPv6 registry, RFC 1918, RFC 4193, RFC 6598).
final class AddressPolicyTests: XCTestCase {
    func refusal(_ literal: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard let a = IPAddress(literal: literal) else {
            XCTFail("\(literal) is not read as an address", file: file, line: line)
            return "unreadable"
        }
        return AddressPolicy.refusal(a)
    }

    func testIPv4SpellingsAreTheAddressesTheyAre() {
        for spelling in ["127.0.0.1", "127.1", "2130706433", "0x7f000001", "0x7F.1", "0177.0.0.1", "017700000001", "127.0.1"] {
            XCTAssertEqual(IPAddress(literal: spelling), IPAddress(literal: "127.0.0.1"), spelling)
            XCTAssertEqual(refusal(spelling), "a loopback address", spelling)
        }
        XCTAssertEqual(IPAddress(literal: "0")?.description, "0.0.0.0")
        XCTAssertEqual(IPAddress(literal: "[::1]")?.description, "::1")
        XCTAssertNil(IPAddress(literal: "example.com"))
        XCTAssertNil(IPAddress(literal: "1.2.3.4.5"))
        XCTAssertNil(IPAddress(literal: "256.1.1.1"))
    }

    func testRefusedIPv4Ranges() {
        let cases: [(String, String)] = [
            ("0.0.0.0", "an unspecified address"), ("0.1.2.3", "an unspecified address"),
            ("10.0.0.1", "a private address"), ("172.16.0.1", "a private address"), ("172.31.255.255", "a private address"),
            ("192.168.1.1", "a private address"), ("100.64.0.1", "a shared (carrier-grade NAT) address"),
            ("100.127.255.255", "a shared (carrier-grade NAT) address"), ("169.254.1.1", "a link-local address"),
            ("169.254.169.254", "a cloud metadata address"), ("224.0.0.1", "a multicast address"),
            ("239.255.255.250", "a multicast address"), ("240.0.0.1", "a reserved address"), ("255.255.255.255", "a reserved address"),
            ("192.0.2.1", "a reserved address"), ("198.51.100.7", "a reserved address"), ("203.0.113.9", "a reserved address"),
            ("198.18.0.1", "a reserved address"), ("192.0.0.8", "a reserved address"),
        ]
        for (address, reason) in cases { XCTAssertEqual(refusal(address), reason, address) }
    }

    func testPublicIPv4IsAllowedUpToTheRangeEdges() {
        for address in ["8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.0", "100.63.255.255", "100.128.0.0", "192.167.255.255",
                        "169.253.255.255", "223.255.255.255", "198.20.0.0", "11.0.0.0"] {
            XCTAssertNil(refusal(address), address)
        }
    }

    func testRefusedIPv6RangesAndIPv4InsideIPv6() {
        let cases: [(String, String)] = [
            ("::", "an unspecified address"), ("::1", "a loopback address"), ("fc00::1", "a private address"),
            ("fd12:3456::1", "a private address"), ("fd00:ec2::254", "a cloud metadata address"), ("fe80::1", "a link-local address"),
            ("febf::1", "a link-local address"), ("fec0::1", "a private address"), ("ff02::1", "a multicast address"),
            ("2001:db8::1", "a reserved address"), ("100::1", "a reserved address"), ("2001::1", "a reserved address"),
            ("::ffff:127.0.0.1", "a loopback address (as IPv6)"), ("::ffff:7f00:1", "a loopback address (as IPv6)"),
            ("::ffff:169.254.169.254", "a cloud metadata address (as IPv6)"), ("::10.0.0.1", "a private address (as IPv6)"),
            ("64:ff9b::192.168.0.1", "a private address (as IPv6)"), ("::ffff:0:10.1.2.3", "a private address (as IPv6)"),
            ("2002:7f00:1::", "a loopback address (as 6to4)"),
            ("64:ff9b:1::a00:1", "a reserved address"), ("3fff::1", "a reserved address"), ("5f00::1", "a reserved address"),
            ("0:1::1", "a reserved address"),
        ]
        for (address, reason) in cases { XCTAssertEqual(refusal(address), reason, address) }
        for address in ["2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::"] {
            XCTAssertNil(refusal(address), address)
        }
    }

    /// The resolver's answer is what is judged: a name for loopback is refused without naming the
    /// address; an operator's trusted name passes.
    func testHostsAreJudgedByWhatTheyResolveTo() throws {
        XCTAssertThrowsError(try HostResolver().addresses("localhost")) { error in
            XCTAssertEqual(error as? WebFailure, WebFailure(.refused, "is on host localhost, which resolves to a loopback address"))
        }
        XCTAssertThrowsError(try HostResolver().addresses("0x7f000001")) { error in
            XCTAssertEqual((error as? WebFailure)?.kind, .refused)
        }
        XCTAssertEqual(try HostResolver(trusted: ["LocalHost"]).addresses("localhost").map(AddressPolicy.refusal).first ?? nil,
                       "a loopback address", "trusted: returned, not refused")
        XCTAssertThrowsError(try HostResolver().addresses("no-such-host.invalid")) { error in
            XCTAssertEqual((error as? WebFailure)?.kind, .refused, "\(error)")
        }
    }
}
