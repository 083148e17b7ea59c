import Foundation

/// The files a child may reach (Landlock, where the kernel has it): what its parent names for its
/// task, and the system's own files every child needs. Anything else — the job database, the link
/// secret, the configuration, other jobs' outputs and sources, other processes' `/proc` — cannot
/// be opened, whatever a hostile input makes the child do.
struct ChildAccess: Codable, Sendable, Equatable {
    /// Folders or files to read (what is beneath a folder too).
    var read: [String] = []
    /// Folders or files to read and change.
    var write: [String] = []

    /// The system's files a child reads: libraries and their data (`/usr`, the merged-usr links),
    /// fonts and fontconfig's settings and caches, the time zone, the user database, its own
    /// `/proc` entry and the few shared ones the C libraries read (CPUs, memory), `/sys` (CPU
    /// topology), the devices that hold nothing. Not `/etc` as a whole: an installed server's
    /// configuration (keys, secrets) lives there.
    static func system(home: String? = ProcessInfo.processInfo.environment["HOME"],
                       executable: String = RenderIsolation.ownExecutable) -> ChildAccess {
        var read = ["/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin", "/opt",
                    "/etc/fonts", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime",
                    "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/alternatives",
                    "/var/cache/fontconfig", "/proc/self", "/proc/cpuinfo", "/proc/meminfo",
                    "/proc/stat", "/sys/devices/system/cpu", "/sys/fs/cgroup", "/dev/urandom", "/dev/random", "/dev/zero"]
        if let home, !home.isEmpty, home != "/" {
            read += [home + "/.cache/fontconfig", home + "/.fontconfig", home + "/.fonts", home + "/.local/share/fonts",
                     home + "/.config/fontconfig"]
        }
        // The program's own folder: the resource bundles a build keeps beside it.
        read.append(URL(fileURLWithPath: executable).deletingLastPathComponent().path)
        return ChildAccess(read: read, write: ["/dev/null"])
    }

    /// Both lists with `other`'s.
    func adding(_ other: ChildAccess) -> ChildAccess {
        ChildAccess(read: read + other.read, write: write + other.write)
    }
}
