import CEpoll
import Glibc

/// Owns the non-blocking listening socket: resolves and binds the configured address and accepts
/// connections as non-blocking, close-on-exec sockets with `TCP_NODELAY` (responses are written
/// whole, so Nagle's delay would only slow pipelined answers).
final class ListeningSocket {
    enum Accepted {
        case connection(FileDescriptor, remote: String)
        case wouldBlock
        case failed(errno: Int32)
    }

    let descriptor: FileDescriptor
    /// The bound port (the kernel's choice when 0 was asked for).
    let port: Int

    init(host: String, port: Int, backlog: Int32) throws {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let node: String? = host.isEmpty ? nil : host
        let status = getaddrinfo(node, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw HTTPServerError.address(host: host, port: port, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }

        var failure = HTTPServerError.address(host: host, port: port, reason: "no usable address")
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            let flags = Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)
            let fd = socket(info.pointee.ai_family, flags, 0)
            guard fd >= 0 else { failure = HTTPServerError.lastError("socket", "creating the listening socket"); continue }
            let candidate = FileDescriptor(fd)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                failure = .address(host: host, port: port, reason: "bind: " + HTTPServerError.describe(errno: errno))
                continue
            }
            guard listen(fd, backlog) == 0 else {
                failure = HTTPServerError.lastError("listen", "listening on \(host):\(port)")
                continue
            }
            var bound = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            _ = withUnsafeMutablePointer(to: &bound) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            descriptor = candidate
            self.port = SocketAddress.port(bound)
            return
        }
        throw failure
    }

    func accept() -> Accepted {
        var remote = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                reel_accept4(descriptor.rawValue, $0, &length, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
            }
        }
        guard fd >= 0 else {
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed(errno: errno)
        }
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return .connection(FileDescriptor(fd), remote: SocketAddress.describe(remote))
    }
}
