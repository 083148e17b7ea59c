import CSandbox
import Foundation

/// What a child does to itself before it reads untrusted input, in this order: no core files and
/// its memory limit; a network namespace of its own where permitted (root, or user namespaces),
/// so even a socket it could open reaches nothing; no new privileges; Landlock where the kernel has
/// it (only the files `ChildAccess` names can be opened); the seccomp filter (no new programs, no
/// debugging, no kernel administration, no sockets but AF_UNIX: `reel_seccomp_load`); then a watch
/// on its parent (gone: the child ends). The order matters: unshare needs its privileges before
/// they are dropped, Landlock needs no-new-privileges, the filter forbids unshare itself, and
/// Landlock (before ABI 8) binds only the calling thread and those it starts later, so the
/// process has no other thread until all of it holds.
enum ChildSandbox {
    /// Why a child refused to run: `required` and a part of the sandbox the kernel refused.
    struct Refused: Error, CustomStringConvertible {
        let what: String
        let errno: Int32
        var description: String { "the sandbox could not be set up (\(what)): \(String(cString: strerror(errno)))" }
    }

    static func apply(_ mode: SandboxMode, limits: ChildLimits, access: ChildAccess?) throws -> SandboxReport {
        var report = SandboxReport()
        defer { watchParent() }
        if reel_limit_memory(Int64(limits.memoryMiB) << 20) == 0 { report.memoryLimit = limits.memoryMiB > 0 }
        guard mode != .off else { return report }
        report.network = reel_unshare_network() == 0
        guard reel_no_new_privs() == 0 else {
            if mode == .required { throw Refused(what: "PR_SET_NO_NEW_PRIVS", errno: errno) }
            return report
        }
        report.noNewPrivileges = true
        if let access {
            let abi = landlockABI
            if abi > 0 {
                let rc = landlock(access, abi: abi)
                if rc != 0, mode == .required { throw Refused(what: "Landlock", errno: -rc) }
                report.landlock = rc == 0
            }
        }
        let rc = reel_seccomp_load()
        guard rc == 0 else {
            if mode == .required { throw Refused(what: "seccomp", errno: -rc) }
            return report
        }
        report.seccomp = true
        return report
    }

    /// Restricts this process to `access` and the system's files; 0 or -errno. A path that does
    /// not exist is passed over (nothing there to allow).
    private static func landlock(_ access: ChildAccess, abi: Int32) -> Int32 {
        let ruleset = reel_landlock_ruleset(abi)
        guard ruleset >= 0 else { return ruleset }
        let all = ChildAccess.system().adding(access)
        for (paths, write) in [(all.read, Int32(0)), (all.write, Int32(1))] {
            for path in paths {
                let rc = reel_landlock_allow(ruleset, abi, path, write)
                if rc != 0 && rc != -ENOENT && rc != -ENOTDIR {
                    close(ruleset)
                    return rc
                }
            }
        }
        return reel_landlock_enforce(ruleset)
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

    /// The Landlock ABI the kernel offers (0: none).
    static var landlockABI: Int32 { reel_landlock_abi() }

    /// Whether the kernel filters system calls (seccomp's API level above 0).
    static var seccompAvailable: Bool { seccomp_api_get() > 0 }

    /// What this kernel offers the children, for the log at start: checked in a throwaway child
    /// would cost a process; the parent asks the kernel the same questions without changing itself.
    static var offered: String {
        var parts: [String] = []
        parts.append(seccompAvailable ? "seccomp" : "no seccomp")
        parts.append(getuid() == 0 ? "network namespace" : "network namespace if user namespaces are permitted")
        let abi = landlockABI
        parts.append(abi > 0 ? "Landlock ABI \(abi)" : "no Landlock")
        return parts.joined(separator: ", ")
    }
}
