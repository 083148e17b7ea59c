import CSched
import Foundation
import ReelBasics
import ReelStore
import Glibc

/// One thread per CPU, at the HTTP threads' priority, that wakes every `periodMicroseconds` while a
/// render runs, so the kernel reconsiders what each CPU runs at least that often.
///
/// Why: render threads run below the HTTP threads (`RenderPriority`), yet traced under two renders
/// (`perf sched`, Linux 6.18, HZ=250) an event-loop thread that was ready waited up to a whole tick
/// (4 ms) while a render thread ran on its CPU. The EEVDF scheduler places a waking thread with the
/// lag it is owed; a low-weight render thread's lag, in virtual time, can put it ahead of a ready
/// normal thread, which is then not eligible until the render thread's virtual time catches up, and
/// the kernel only looks again at the next scheduling event on that CPU — often the tick. A timer
/// wake-up on the CPU is such an event: the running render thread's time is accounted, the normal
/// thread becomes eligible and runs. With a 1 ms period the status polls' p99 under two renders
/// fell from ~4–5 ms to ~1.8 ms (docs/PERFORMANCE.md). The cost, a wake-up and two context
/// switches per CPU per period, was within noise on two renders' time, and is paid only while
/// renders run: idle, the threads sleep on a condition and the CPUs stay idle.
public final class SchedulerTicker: Sendable {
    public let periodMicroseconds: Int
    private struct State {
        var renders = 0
        var stopping = false
        var started = false
    }
    private let state = Guarded(State())
    private let running = DispatchGroup()

    public init(periodMicroseconds: Int) {
        self.periodMicroseconds = periodMicroseconds
    }

    /// Starts one thread pinned to each CPU this process may use. Call it from a thread at normal
    /// priority: threads inherit their creator's nice value and policy, and a thread may not raise
    /// its own priority back without privilege.
    public func start() {
        let first = state.withLock { s in
            defer { s.started = true }
            return !s.started
        }
        guard first, periodMicroseconds > 0 else { return }
        for cpu in Self.allowedCPUs() {
            running.enter()
            let t = Thread { [self] in
                KernelThread.setName("reel-tick-\(cpu)")
                Self.pinCurrentThread(to: cpu)
                run()
                running.leave()
            }
            t.stackSize = 64 << 10
            t.start()
        }
    }

    /// A render began: the threads tick until every render that began has ended.
    public func renderBegan() {
        state.withLock(waking: .all) { $0.renders += 1 }
    }

    public func renderEnded() {
        state.withLock { $0.renders = max(0, $0.renders - 1) }
    }

    /// Ends the threads (each within one period) and waits for them.
    public func stop() {
        state.withLock(waking: .all) { $0.stopping = true }
        running.wait()
    }

    private func run() {
        var period = timespec(tv_sec: periodMicroseconds / 1_000_000, tv_nsec: (periodMicroseconds % 1_000_000) * 1000)
        while true {
            if state.wait(for: { $0.renders > 0 || $0.stopping }, then: { $0.stopping }) { return }
            _ = clock_nanosleep(CLOCK_MONOTONIC, 0, &period, nil)
        }
    }

    /// The CPUs in this process's affinity mask (a container's cpuset, `taskset`), ascending.
    static func allowedCPUs() -> [Int] {
        var mask = [UInt64](repeating: 0, count: 16)  // 1024 CPUs, glibc's cpu_set_t
        guard reel_get_affinity(&mask, mask.count) > 0 else { return Array(0..<ProcessInfo.processInfo.activeProcessorCount) }
        return (0..<(mask.count * 64)).filter { mask[$0 / 64] & (1 << UInt64($0 % 64)) != 0 }
    }

    /// Binds the calling thread to one CPU, so each CPU gets its own wake-ups.
    static func pinCurrentThread(to cpu: Int) {
        var mask = [UInt64](repeating: 0, count: 16)
        guard cpu < mask.count * 64 else { return }
        mask[cpu / 64] = 1 << UInt64(cpu % 64)
        _ = reel_set_affinity(mask, mask.count)
    }
}
