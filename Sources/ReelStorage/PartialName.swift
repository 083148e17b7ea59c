import Foundation

/// The hidden name a file or folder is written under before it is moved into place beside its
/// target: `.NAME.partial-PID-N` (`-old` added for an earlier folder moved aside). The writing
/// process's id is in the name, so a sweep can tell a dead writer's leftovers from a live one's.
public struct PartialName: Equatable, Sendable {
    /// The name of the file it becomes (`NAME`).
    public let target: String
    /// The process that writes it.
    public let pid: Int32

    /// A fresh partial name for `target` written by this process.
    public static func make(for target: String, old: Bool = false) -> String {
        "." + target + marker + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))" + (old ? "-old" : "")
    }

    /// A fresh partial path beside `path`.
    public static func path(beside path: String, old: Bool = false) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(make(for: url.lastPathComponent, old: old)).path
    }

    /// The start of every partial name this process gives `target`.
    public static func prefix(for target: String, pid: Int32 = getpid()) -> String { "." + target + marker + "\(pid)-" }

    /// Reads a partial name back; nil for any other name.
    public init?(_ name: String) {
        guard name.hasPrefix("."), let r = name.range(of: Self.marker) else { return nil }
        target = String(name[name.index(after: name.startIndex)..<r.lowerBound])
        pid = Int32(name[r.upperBound...].split(separator: "-").first ?? "") ?? 0
    }

    /// Whether the writing process still runs on this machine (another node's process cannot be
    /// seen from here).
    public var writerIsAlive: Bool { pid > 0 && (kill(pid, 0) == 0 || errno == EPERM) }

    static let marker = ".partial-"
}
