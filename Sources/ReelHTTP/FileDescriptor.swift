import Glibc

/// Owns one file descriptor (socket, epoll, eventfd, file) and closes it exactly once: on `close()`
/// or in deinit, so no path can leak it or close a number the kernel has since reused.
final class FileDescriptor {
    private(set) var rawValue: Int32

    init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    var isOpen: Bool { rawValue >= 0 }

    func close() {
        guard rawValue >= 0 else { return }
        _ = Glibc.close(rawValue)
        rawValue = -1
    }

    deinit { close() }
}
