import CEpoll
import Glibc

/// Owns an epoll instance. Level-triggered: a connection that does not want input simply leaves
/// `EPOLLIN` out of its interest set, which is how backpressure works. Each registration carries a
/// 64-bit token (not the fd), so a stale event can never reach a connection that reused an fd number.
final class Epoll {
    static let readable = EPOLLIN.rawValue
    static let writable = EPOLLOUT.rawValue
    /// The peer shut down its side: how a response stream waiting for data notices its client
    /// left, without watching (and having to read) input.
    static let peerShutdown = EPOLLRDHUP.rawValue
    /// Always reported, even with an empty interest set.
    static let hangUp = EPOLLERR.rawValue | EPOLLHUP.rawValue

    private let descriptor: FileDescriptor
    private var events: [epoll_event]

    init(capacity: Int = 512) throws {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw HTTPServerError.lastError("epoll_create1", "creating the event loop") }
        descriptor = FileDescriptor(fd)
        events = [epoll_event](repeating: epoll_event(), count: capacity)
    }

    func add(_ fd: Int32, events: UInt32, token: UInt64) throws {
        try control(EPOLL_CTL_ADD, fd, events, token, "registering a socket with epoll")
    }

    func modify(_ fd: Int32, events: UInt32, token: UInt64) throws {
        try control(EPOLL_CTL_MOD, fd, events, token, "changing a socket's epoll interest")
    }

    func remove(_ fd: Int32) {
        var event = epoll_event()
        _ = epoll_ctl(descriptor.rawValue, EPOLL_CTL_DEL, fd, &event)
    }

    private func control(_ operation: Int32, _ fd: Int32, _ interest: UInt32, _ token: UInt64, _ context: String) throws {
        var event = epoll_event()
        event.events = interest
        event.data.u64 = token
        guard epoll_ctl(descriptor.rawValue, operation, fd, &event) == 0 else {
            throw HTTPServerError.lastError("epoll_ctl", context)
        }
    }

    /// Waits up to `timeoutMs` milliseconds (-1: no limit), then calls `body` with each ready
    /// registration's token and events. An interrupted wait returns no events.
    func wait(timeoutMs: Int32, _ body: (UInt64, UInt32) -> Void) throws {
        let count = events.withUnsafeMutableBufferPointer { buffer in
            epoll_wait(descriptor.rawValue, buffer.baseAddress, Int32(buffer.count), timeoutMs)
        }
        if count < 0 {
            if errno == EINTR { return }
            throw HTTPServerError.lastError("epoll_wait", "waiting for socket events")
        }
        let ready = Array(events[0..<Int(count)])
        for event in ready { body(event.data.u64, event.events) }
    }
}
