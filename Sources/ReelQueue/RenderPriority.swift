import Glibc

/// Render work runs below the HTTP threads: each worker thread raises its own nice value to
/// `niceness` before it claims anything, and Linux gives every thread a thread creates its nice
/// value, so the render's picture, audio and prefetch threads and x264's and FFmpeg's own threads
/// all run at nice 10 too. Under load the HTTP event loop and handlers (nice 0, about ten times
/// the CPU weight) are scheduled first, so status polls stay fast while renders use what is left.
/// A nice value, not SCHED_IDLE: renders still progress beside other busy processes on the host.
public enum RenderPriority {
    public static let niceness: Int32 = 10

    /// Sets the calling thread's nice value to `niceness` (raising it needs no privilege).
    @discardableResult
    public static func lowerCurrentThread() -> Bool {
        guard let tid = KernelThread.currentID() else { return false }
        return setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(tid), niceness) == 0
    }
}
