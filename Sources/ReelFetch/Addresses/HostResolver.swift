import Foundation

/// Looks a URL's host up once and checks every address it resolves to (`AddressPolicy`): the
/// addresses returned are the ones to connect to (`WebFetch` pins them), so a DNS answer that
/// changes between the check and the connection (rebinding) cannot move it. A literal host is
/// read as the C library reads it (`127.1`, `2130706433`, `0x7f000001` are loopback). The hosts
/// an operator trusts (`allowedHosts`) may resolve to private addresses.
public struct HostResolver: Sendable {
    /// Lowercased host names allowed whatever they resolve to.
    public let trusted: Set<String>

    public init(trusted: [String] = []) { self.trusted = Set(trusted.map { $0.lowercased() }) }

    /// The addresses `host` may be reached at, or a failure saying why not (never naming the
    /// addresses of a refused host).
    public func addresses(_ host: String) throws(WebFailure) -> [IPAddress] {
        let name = host.lowercased()
        let found: [IPAddress]
        if let literal = IPAddress(literal: name) {
            found = [literal]
        } else {
            found = try Self.lookUp(name)
        }
        if trusted.contains(name) { return found }
        if let refused = found.lazy.compactMap(AddressPolicy.refusal).first {
            throw WebFailure(.refused, "is on host \(host), which resolves to \(refused)")
        }
        return found
    }

    /// What a connection for `host` may reach, asked again by curl as it opens each socket (so
    /// whatever the pinned addresses miss — a name curl spells differently — is still judged):
    /// anything for a trusted host, else public addresses only.
    public func allowance(for host: String) -> @Sendable (IPAddress) -> Bool {
        if trusted.contains(host.lowercased()) { return { _ in true } }
        return { AddressPolicy.refusal($0) == nil }
    }

    /// `getaddrinfo`, both families, each address once in the resolver's order.
    static func lookUp(_ name: String) throws(WebFailure) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(name, nil, &hints, &list)
        defer { if let list { freeaddrinfo(list) } }
        guard rc == 0 else {
            if rc == EAI_NONAME || rc == -5 /* EAI_NODATA, a GNU extension Swift does not import */ {
                throw WebFailure(.refused, "is on host \(name), which does not exist")
            }
            throw WebFailure(.unavailable, "is on host \(name), which could not be looked up now (\(String(cString: gai_strerror(rc))))")
        }
        var out: [IPAddress] = []
        var next = list
        while let entry = next {
            if let a = entry.pointee.ai_addr.map({ IPAddress(UnsafePointer($0)) }) ?? nil, !out.contains(a) { out.append(a) }
            next = entry.pointee.ai_next
        }
        guard !out.isEmpty else { throw WebFailure(.refused, "is on host \(name), which has no address") }
        return out
    }
}
