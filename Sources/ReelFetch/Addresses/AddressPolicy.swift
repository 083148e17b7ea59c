/// Which addresses Reel may connect to for a URL a user gave (a source, a webhook): public unicast
/// ones only. Refused, IPv4 and IPv6 alike: loopback, private (RFC 1918, RFC 4193 unique local),
/// link-local, shared (CGNAT 100.64/10), multicast, unspecified, broadcast, reserved and
/// documentation ranges, the cloud metadata addresses (169.254.169.254, fd00:ec2::254), and the
/// IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) when that address is
/// refused. The reason never names the address, so a refusal cannot map a private network.
public enum AddressPolicy {
    /// Why `address` may not be reached, or nil when it is public.
    public static func refusal(_ address: IPAddress) -> String? {
        switch address {
        case .v4(let n): return refusal(v4: n)
        case .v6(let b): return refusal(v6: b)
        }
    }

    static func refusal(v4 n: UInt32) -> String? {
        func within(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ bits: UInt32) -> Bool {
            let base = a << 24 | b << 16 | c << 8 | d
            let mask: UInt32 = bits == 0 ? 0 : ~UInt32(0) << (32 - bits)
            return n & mask == base & mask
        }
        if n == 0xA9FE_A9FE { return "a cloud metadata address" }
        if within(0, 0, 0, 0, 8) { return "an unspecified address" }
        if within(127, 0, 0, 0, 8) { return "a loopback address" }
        if within(10, 0, 0, 0, 8) || within(172, 16, 0, 0, 12) || within(192, 168, 0, 0, 16) { return "a private address" }
        if within(100, 64, 0, 0, 10) { return "a shared (carrier-grade NAT) address" }
        if within(169, 254, 0, 0, 16) { return "a link-local address" }
        if within(224, 0, 0, 0, 4) { return "a multicast address" }
        if within(240, 0, 0, 0, 4) { return "a reserved address" }  // 255.255.255.255 included
        if within(192, 0, 0, 0, 24) || within(192, 0, 2, 0, 24) || within(198, 51, 100, 0, 24) || within(203, 0, 113, 0, 24)
            || within(198, 18, 0, 0, 15) || within(192, 88, 99, 0, 24) {
            return "a reserved address"
        }
        return nil
    }

    static func refusal(v6 b: [UInt8]) -> String? {
        guard b.count == 16 else { return "not an address" }
        func prefix(_ bytes: [UInt8], bits: Int) -> Bool {
            for i in 0..<(bits / 8) where b[i] != bytes[i] { return false }
            let rest = bits % 8
            if rest > 0 {
                let mask = UInt8(0xFF << (8 - rest) & 0xFF)
                if b[bits / 8] & mask != bytes[bits / 8] & mask { return false }
            }
            return true
        }
        func embedded(at i: Int) -> UInt32 { UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3]) }
        let zeros = [UInt8](repeating: 0, count: 16)
        if b == zeros { return "an unspecified address" }
        if b == zeros.dropLast() + [1] { return "a loopback address" }
        if b == [0xFD, 0x00, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54] { return "a cloud metadata address" }
        // IPv4 carried in IPv6: judged as the IPv4 address it reaches.
        if prefix(zeros.prefix(10) + [0xFF, 0xFF], bits: 96)                    // ::ffff:a.b.c.d (mapped)
            || prefix(zeros, bits: 96)                                          // ::a.b.c.d (compatible)
            || prefix([0, 0x64, 0xFF, 0x9B] + zeros.prefix(12), bits: 96)       // 64:ff9b::a.b.c.d (NAT64)
            || prefix(zeros.prefix(8) + [0xFF, 0xFF, 0, 0], bits: 96) {         // ::ffff:0:a.b.c.d (translated)
            return refusal(v4: embedded(at: 12)).map { $0 + " (as IPv6)" } ?? nil
        }
        if prefix([0x20, 0x02] + zeros.prefix(14), bits: 16) {                  // 2002:a.b.c.d:: (6to4)
            return refusal(v4: embedded(at: 2)).map { $0 + " (as 6to4)" }
        }
        if prefix([0xFC] + zeros.prefix(15), bits: 7) { return "a private address" }
        if prefix([0xFE, 0x80] + zeros.prefix(14), bits: 10) { return "a link-local address" }
        if prefix([0xFE, 0xC0] + zeros.prefix(14), bits: 10) { return "a private address" }  // site-local, deprecated
        if prefix([0xFF] + zeros.prefix(15), bits: 8) { return "a multicast address" }
        if prefix([0x01, 0x00] + zeros.prefix(14), bits: 64) { return "a reserved address" }  // discard-only
        if prefix([0x20, 0x01, 0x0D, 0xB8] + zeros.prefix(12), bits: 32) { return "a reserved address" }  // documentation
        if prefix([0x3F, 0xFF] + zeros.prefix(14), bits: 20) { return "a reserved address" }  // documentation (RFC 9637)
        if prefix([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01] + zeros.prefix(10), bits: 48) { return "a reserved address" }  // local-use NAT64 (RFC 8215)
        if prefix([0x5F, 0x00] + zeros.prefix(14), bits: 16) { return "a reserved address" }  // SRv6 SIDs (RFC 9602)
        if prefix(zeros, bits: 8) { return "a reserved address" }  // the rest of ::/8
        if prefix([0x20, 0x01] + zeros.prefix(14), bits: 23) { return "a reserved address" }  // IETF protocol assignments (Teredo …)
        return nil
    }
}
