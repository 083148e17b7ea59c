import Glibc

/// The calling thread as the kernel knows it, through `/proc/thread-self` (Swift's Glibc exports
/// neither `gettid` nor `pthread_setname_np`).
enum KernelThread {
    /// The thread's id (`gettid`), from the link `/proc/thread-self` → `PID/task/TID`.
    static func currentID() -> pid_t? {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "/").last.flatMap { pid_t($0) }
    }

    /// Names the thread for `top -H`, `perf` and `/proc` (at most 15 bytes are kept).
    static func setName(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}
