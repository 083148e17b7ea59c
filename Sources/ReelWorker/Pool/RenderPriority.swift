import Glibc

/// Render work runs below the HTTP threads: each worker thread moves itself to `SCHED_IDLE` (and
/// nice 10, what is left when the policy cannot be changed) before it claims anything, and Linux
/// gives every thread a thread creates its policy and nice value, so the render's picture, audio
/// and prefetch threads and x264's and FFmpeg's own threads run there too.
///
/// Why `SCHED_IDLE` and not only a nice value: a waking normal thread always preempts a
/// `SCHED_IDLE` one, while against nice 10 the scheduler weighs them. Measured under two renders
/// (docs/PERFORMANCE.md), status polls' p99 was 5.4–5.7 ms with nice 10 and 1.9–2.0 ms with
/// `SCHED_IDLE` plus `SchedulerTicker` (2.1–3.7 ms with nice 10 plus the ticker). The cost: renders
/// get only what normal threads of the same scheduling group leave — within a container, a
/// cgroup or a login session's autogroup, which is where Reel's own HTTP threads are; other groups
/// share the CPUs with Reel's group as a whole, so renders still progress beside them.
public enum RenderPriority {
    public static let niceness: Int32 = 10
    /// `SCHED_IDLE` (Linux's value; Glibc's module hides the GNU name).
    public static let policy: Int32 = 5

    /// Moves the calling thread to `SCHED_IDLE` and nice `niceness` (neither needs privilege).
    /// True when both took effect.
    @discardableResult
    public static func lowerCurrentThread() -> Bool {
        guard let tid = KernelThread.currentID() else { return false }
        let niced = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(tid), niceness) == 0
        var parameters = sched_param(sched_priority: 0)
        let idle = sched_setscheduler(tid, policy, &parameters) == 0
        return niced && idle
    }
}
