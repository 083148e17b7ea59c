import Foundation
import ReelStore

/// Why an isolated render's child ended without a result, in the words a job's error gives: a
/// crash by its signal, a limit by its number, a stall by its length, or what the child itself
/// reported. Every such failure is retried as any failed attempt (`maxAttempts`) except where the
/// child said the job itself is at fault.
struct ChildFailure: Error, CustomStringConvertible {
    enum Cause: Equatable {
        /// Ended by a signal it did not expect (a trap in Swift is SIGTRAP or SIGILL).
        case crashed(signal: Int32)
        /// Exited without a report.
        case exited(code: Int32)
        /// An allocation refused at the memory limit, or a crash with the memory near it.
        case memory(limitMiB: Int)
        /// No progress for this many seconds: stopped.
        case stalled(seconds: Int, planning: Bool)
        /// What the child reported.
        case reported(code: JobError.Code, retry: Bool, message: String)
    }

    let cause: Cause

    var code: JobError.Code {
        if case .reported(let code, _, _) = cause { return code }
        return .renderFailed
    }

    var retry: Bool {
        if case .reported(_, let retry, _) = cause { return retry }
        return true
    }

    var description: String {
        switch cause {
        case .crashed(SIGKILL): return "the renderer was killed (SIGKILL)"
        case .crashed(let signal): return "the renderer crashed (\(ChildFailure.name(of: signal)))"
        case .exited(let code): return "the renderer ended with status \(code) without a result"
        case .memory(let limit): return "the render went past its memory limit (\(limit) MiB)"
        case .stalled(let seconds, let planning):
            return planning ? "no progress for \(seconds) s while planning: stopped" : "no frame for \(seconds) s: stopped"
        case .reported(_, _, let message): return message
        }
    }

    /// Whether a child that died with `peak` bytes resident died of its memory limit: an
    /// allocation refused traps in Swift and aborts in C++, whatever signal it then ends by, and
    /// leaves the process near the limit.
    static func diedOfMemory(peak: Int, limitMiB: Int) -> Bool {
        limitMiB > 0 && Double(peak) >= 0.8 * Double(limitMiB << 20)
    }

    static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT",
                                      SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGSYS: "SIGSYS", SIGXCPU: "SIGXCPU"]
        return names[signal] ?? "signal \(signal)"
    }
}
