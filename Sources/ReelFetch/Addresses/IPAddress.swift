import Foundation

/// An IPv4 or IPv6 address, as the resolver answered it or as a URL spelled it: what Reel checks
/// before it connects anywhere a user named (`AddressPolicy`), and what it then connects to.
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    case v4(UInt32)
    /// 16 bytes, network order.
    case v6([UInt8])

    /// A literal host as the C library reads one: IPv4 in every spelling `inet_aton` accepts
    /// (`127.0.0.1`, `127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1`), or IPv6 (brackets allowed).
    /// Nil for a name.
    public init?(literal: String) {
        var text = literal
        if text.hasPrefix("[") && text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if text.contains(":") {
            var a6 = in6_addr()
            guard inet_pton(AF_INET6, text, &a6) == 1 else { return nil }
            self = .v6(withUnsafeBytes(of: a6) { Array($0) })
            return
        }
        var a4 = in_addr()
        guard !text.isEmpty, inet_aton(text, &a4) != 0 else { return nil }
        self = .v4(UInt32(bigEndian: a4.s_addr))
    }

    /// The address of a resolver answer (`AF_INET` or `AF_INET6`), else nil.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let a = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            self = .v4(UInt32(bigEndian: a.s_addr))
        case AF_INET6:
            let a = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            self = .v6(withUnsafeBytes(of: a) { Array($0) })
        default:
            return nil
        }
    }

    /// The canonical text (`inet_ntop`): what curl is told to connect to.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch self {
        case .v4(let n):
            var a = in_addr(s_addr: n.bigEndian)
            inet_ntop(AF_INET, &a, &buffer, socklen_t(buffer.count))
        case .v6(let bytes):
            var a = in6_addr()
            withUnsafeMutableBytes(of: &a) { $0.copyBytes(from: bytes) }
            inet_ntop(AF_INET6, &a, &buffer, socklen_t(buffer.count))
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
