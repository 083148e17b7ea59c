import CEpoll
import Glibc

/// Owns an eventfd that wakes the event loop from other threads (handler results, shutdown). It
/// is closed only when the last reference goes, so a late pool thread can always signal it safely.
final class EventFD: Sendable {
    let rawValue: Int32

    init() throws {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw HTTPServerError.lastError("eventfd", "creating the event loop's wakeup") }
        rawValue = fd
    }

    deinit { close(rawValue) }

    /// Makes the descriptor readable (thread-safe: a single `write` to the kernel counter).
    func signal() {
        var one: UInt64 = 1
        _ = write(rawValue, &one, 8)
    }

    /// Resets the counter so level-triggered epoll stops reporting it.
    func drain() {
        var value: UInt64 = 0
        _ = read(rawValue, &value, 8)
    }
}
