import Foundation

/// Sockets to the tests' servers on 127.0.0.1.
public enum Loopback {
    /// A connected TCP socket to `port` whose reads give up after `timeout` seconds; throws when
    /// nothing listens.
    public static func connect(port: Int, timeout: Int = 20) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else {
            let code = errno
            close(fd)
            throw Spawn.Failed(description: "connect to 127.0.0.1:\(port): errno \(code)")
        }
        return fd
    }
}
