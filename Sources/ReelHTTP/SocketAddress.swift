import Glibc

/// Socket addresses as text (`127.0.0.1:8080`, `[::1]:8080`) and their ports.
enum SocketAddress {
    static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    return text(AF_INET, &ip, Int(INET_ADDRSTRLEN)) + ":\(UInt16(bigEndian: address.pointee.sin_port))"
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    return "[" + text(AF_INET6, &ip, Int(INET6_ADDRSTRLEN)) + "]:\(UInt16(bigEndian: address.pointee.sin6_port))"
                }
            }
        default:
            return "unknown"
        }
    }

    static func port(_ storage: sockaddr_storage) -> Int {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        default:
            return 0
        }
    }

    private static func text(_ family: Int32, _ address: UnsafeRawPointer, _ size: Int) -> String {
        var buffer = [CChar](repeating: 0, count: size + 1)
        guard inet_ntop(family, address, &buffer, socklen_t(size)) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
