import Glibc

/// The process's limit on open files, raised for tests that hold many sockets at once (a server
/// and its clients in one process).
public enum FileLimit {
    /// Raises the soft limit to `count` (at most the hard limit) when it is lower.
    public static func raise(to count: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(count))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
