import Foundation

/// A child's own temporary folder (its `TMPDIR`, the only temporary place its sandbox lets it
/// write): made before the child starts, removed with everything in it once this is released.
/// Named with the server's pid, so the sweep at start removes those a killed server left.
final class ChildScratch {
    let path: String
    static let prefix = "reel-child-"

    init(in base: String = NSTemporaryDirectory()) throws {
        var template = Array((URL(fileURLWithPath: base).appendingPathComponent("\(Self.prefix)\(getpid())-XXXXXX").path).utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ChildProcess.SpawnError(call: "mkdtemp", errno: errno)
        }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Removes the folders under `base` whose server no longer runs.
    static func sweep(_ base: String = NSTemporaryDirectory()) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).split(separator: "-").first ?? ""), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: base).appendingPathComponent(name).path)
            }
        }
    }
}
