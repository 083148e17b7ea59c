import Glibc

/// The process's limit on open files, raised for tests that hold many sockets at once (a server
/// and its clients in one process).
public enum FileLimit {
    /// Raises the soft limit to `count` when it is lower: within the hard limit, or past it where
    /// the process may raise that too (root, as CI runs).
    public static func raise(to count: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
        if limit.rlim_max < rlim_t(count) {
            var higher = limit
            higher.rlim_max = rlim_t(count)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &higher) == 0 { limit.rlim_max = higher.rlim_max }
        }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(count))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
