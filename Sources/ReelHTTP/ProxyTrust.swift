import Foundation

/// The reverse proxies whose `X-Forwarded-For` Reel believes (`trustedProxies`: addresses or CIDR
/// blocks, IPv4 or IPv6). A request from one of them is from the client the header names: the
/// rightmost address that is not itself a trusted proxy (each proxy appends the address it was
/// reached from, so everything left of the last untrusted hop may be the client's own invention).
/// A request from anyone else is from its peer, whatever it claims.
public struct ProxyTrust: Sendable, Equatable {
    struct Block: Sendable, Equatable {
        let bytes: [UInt8]
        let prefix: Int

        /// Whether `address` (of the block's length) has the block's first `prefix` bits.
        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var bits = prefix, i = 0
            while bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
                if bytes[i] & mask != address[i] & mask { return false }
                bits -= 8
                i += 1
            }
            return true
        }
    }

    let blocks: [Block]

    /// Thrown for an entry that is neither an address nor a CIDR block.
    public struct Invalid: Error, CustomStringConvertible {
        public let entry: String
        public var description: String { "\"\(entry)\" is not an IP address or CIDR block (e.g. 10.0.0.0/8, ::1)" }
    }

    /// Trusts no one.
    public init() { blocks = [] }

    public init(_ entries: [String]) throws {
        blocks = try entries.map { entry in
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            guard let address = parts.first, let bytes = ProxyTrust.bytes(address) else { throw Invalid(entry: entry) }
            let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
            guard let prefix, (0...(bytes.count * 8)).contains(prefix) else { throw Invalid(entry: entry) }
            return Block(bytes: bytes, prefix: prefix)
        }
    }

    public var isEmpty: Bool { blocks.isEmpty }

    /// True when `address` (an IP, no port) is in one of the blocks. An IPv4 address and its
    /// IPv4-mapped IPv6 form (`::ffff:10.0.0.1`, how a dual-stack socket names an IPv4 peer) are
    /// one address: either matches a block written in either form.
    public func trusts(_ address: String) -> Bool {
        guard let bytes = ProxyTrust.bytes(address) else { return false }
        let forms = [bytes] + [ProxyTrust.otherForm(of: bytes)].compactMap { $0 }
        return blocks.contains { block in forms.contains { block.contains($0) } }
    }

    /// The same IPv4 address in the other form: 4 bytes ↔ `::ffff:` and 4 bytes; nil for another IPv6.
    static func otherForm(of bytes: [UInt8]) -> [UInt8]? {
        let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
        if bytes.count == 4 { return mappedPrefix + bytes }
        if bytes.count == 16, Array(bytes[0..<12]) == mappedPrefix { return Array(bytes[12...]) }
        return nil
    }

    /// The client of a request from `peer` (an IP, no port) carrying `forwardedFor` (the
    /// `X-Forwarded-For` value, nil when absent).

    public func client(peer: String, forwardedFor: String?) -> String {
        guard trusts(peer), let forwardedFor else { return peer }
        let hops = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for hop in hops.reversed() where !trusts(hop) {
            return ProxyTrust.bytes(hop) == nil ? peer : hop
        }
        return hops.first.flatMap { ProxyTrust.bytes($0) == nil ? nil : $0 } ?? peer
    }

    /// The IP of `remote` (`ip:port` or `[ip]:port`, as connections name their peers).
    public static func ip(ofPeer remote: String) -> String {
        if remote.hasPrefix("["), let end = remote.firstIndex(of: "]") {
            return String(remote[remote.index(after: remote.startIndex)..<end])
        }
        return remote.split(separator: ":").first.map(String.init) ?? remote
    }

    /// An address's bytes (4 for IPv4, 16 for IPv6), nil when it is not one.
    static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
