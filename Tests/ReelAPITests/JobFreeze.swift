import Foundation
@testable import ReelServer
import Synchronization
import TestSupport

/// A job's render processes held stopped (SIGSTOP), and those it starts meanwhile, from `init`
/// until `thaw()`: what a test does in between happens while the job is still running, however
/// fast the machine renders the rest. A process that starts is stopped within one poll (5 ms), far
/// less than any chunk takes. After `seconds` the freeze lets go by itself, so a test whose
/// condition never comes fails on what the job did next rather than hanging.
final class JobFreeze: Sendable {
    private let state = Mutex<(thawed: Bool, stopped: Set<pid_t>)>((false, []))
    private let ended = DispatchSemaphore(value: 0)

    init(_ f: ServiceFixture, job id: String, seconds: Double = 60) {
        let pool = f.service.pool
        /// Stops the job's processes not stopped yet; true once thawed.
        let stopNew: @Sendable () -> Bool = { [self] in
            let children = pool.children.filter { $0.key == id || $0.key.hasPrefix(id + "/") }.values
            return state.withLock { s in
                if s.thawed { return true }
                for pid in children where !s.stopped.contains(pid) && kill(pid, SIGSTOP) == 0 { s.stopped.insert(pid) }
                return false
            }
        }
        _ = stopNew()
        Thread { [self] in
            Poll.until(seconds: seconds, every: 0.005, stopNew)
            let stopped = state.withLock { s in
                s.thawed = true
                return s.stopped
            }
            for pid in stopped { kill(pid, SIGCONT) }
            ended.signal()
        }.start()
    }

    /// The processes stopped so far.
    var stopped: Set<pid_t> { state.withLock { $0.stopped } }

    /// Lets every stopped process go on (none is stopped after); returns once they have been.
    /// Again, nothing more.
    func thaw() {
        state.withLock { $0.thawed = true }
        ended.wait()
        ended.signal()
    }
}
