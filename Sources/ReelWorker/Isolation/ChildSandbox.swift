import CSandbox
import Foundation

/// What a child does to itself before it reads untrusted input, in this order: a watch on its
/// parent (gone: the child ends), no core files and
/// its memory limit; a network namespace of its own where permitted (root, or user namespaces),
/// so even a socket it could open reaches nothing; no new privileges; the seccomp filter (no new
/// programs, no debugging, no kernel administration, no sockets but AF_UNIX: `reel_seccomp_load`).
/// The order matters: unshare needs its privileges before they are dropped, and the filter forbids
/// unshare itself.
enum ChildSandbox {
    /// Why a child refused to run: `required` and a part of the sandbox the kernel refused.
    struct Refused: Error, CustomStringConvertible {
        let what: String
        let errno: Int32
        var description: String { "the sandbox could not be set up (\(what)): \(String(cString: strerror(errno)))" }
    }

    static func apply(_ mode: SandboxMode, limits: ChildLimits) throws -> SandboxReport {
        var report = SandboxReport()
        watchParent()
        if reel_limit_memory(Int64(limits.memoryMiB) << 20) == 0 { report.memoryLimit = limits.memoryMiB > 0 }
        guard mode != .off else { return report }
        report.network = reel_unshare_network() == 0
        guard reel_no_new_privs() == 0 else {
            if mode == .required { throw Refused(what: "PR_SET_NO_NEW_PRIVS", errno: errno) }
            return report
        }
        report.noNewPrivileges = true
        let rc = reel_seccomp_load()
        guard rc == 0 else {
            if mode == .required { throw Refused(what: "seccomp", errno: -rc) }
            return report
        }
        report.seccomp = true
        return report
    }

    /// Ends this process once its parent is gone (it is then another's child): nobody would read
    /// its reports. PR_SET_PDEATHSIG is not enough: it fires when the parent's *thread* that
    /// started the child ends, and engine children are started from short-lived threads too.
    private static func watchParent() {
        let parent = getppid()
        Thread {
            while getppid() == parent { usleep(250_000) }
            exit(5)
        }.start()
    }

    /// Whether the kernel filters system calls (seccomp's API level above 0).
    static var seccompAvailable: Bool { seccomp_api_get() > 0 }

    /// What this kernel offers the children, for the log at start: checked in a throwaway child
    /// would cost a process; the parent asks the kernel the same questions without changing itself.
    static var offered: String {
        var parts: [String] = []
        parts.append(seccompAvailable ? "seccomp" : "no seccomp")
        parts.append(getuid() == 0 ? "network namespace" : "network namespace if user namespaces are permitted")
        let abi = reel_landlock_abi()
        parts.append(abi > 0 ? "Landlock ABI \(abi) (not applied yet)" : "no Landlock")
        return parts.joined(separator: ", ")
    }
}
