import Foundation
import Synchronization

/// In a render process: standard error passes through a pipe that a thread reads and copies on
/// line by line (a line that is not already JSON, a library's own print, wrapped into a JSON log
/// line naming the job, as the server's standard error is JSON lines), noting a library's word that
/// an allocation was refused. At the memory limit the
/// error a library returns rarely says so (x264 prints "malloc of size N failed" on standard error
/// itself and FFmpeg then reports "Generic error in an external library"), so the words are the
/// evidence.
final class AllocationWatch: Sendable {
    private let refused = Atomic<Bool>(false)
    private let drained = DispatchSemaphore(value: 0)
    /// Written by `sawRefusal` through the pipe: once the thread reads it, every line before it was read.
    private static let marker = "\u{1}reel-drain\u{1}"

    /// Puts the pipe in place of standard error and starts the reading thread; nothing changes if
    /// the pipe cannot be made.
    func start(jobID: String) {
        var fds: [Int32] = [0, 0]
        let original = dup(2)
        guard original >= 0, pipe(&fds) == 0, dup2(fds[1], 2) >= 0 else { return }
        close(fds[1])
        let source = fds[0]
        Thread { [self] in
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 16 << 10)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                pending += chunk[0..<n]
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<end], as: UTF8.self)
                    if line == AllocationWatch.marker {
                        drained.signal()
                    } else {
                        if AllocationWatch.saysRefused(line) { refused.store(true, ordering: .relaxed) }
                        let out = line.hasPrefix("{") ? Array(pending[...end]) : AllocationWatch.wrapped(line, jobID: jobID)
                        _ = out.withUnsafeBytes { write(original, $0.baseAddress, $0.count) }
                    }
                    pending.removeSubrange(...end)
                }
            }
        }.start()
    }

    /// Whether a refused allocation was reported, once every line written before the call is read
    /// (waiting at most a second for the thread).
    func sawRefusal() -> Bool {
        if refused.load(ordering: .relaxed) { return true }
        fflush(nil)  // every C stream, standard error among them
        let line = Array((AllocationWatch.marker + "\n").utf8)
        if line.withUnsafeBytes({ write(2, $0.baseAddress, $0.count) }) == line.count {
            _ = drained.wait(timeout: .now() + 1)
        }
        return refused.load(ordering: .relaxed)
    }

    /// `line` as a JSON log line of the render process, with its job.
    static func wrapped(_ line: String, jobID: String) -> [UInt8] {
        let fields = ["level": "error", "logger": "reel.child", "jobId": jobID, "msg": line]
        var out = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])).map { [UInt8]($0) } ?? []
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// A line that says an allocation was refused (x264's, glibc's, C++'s, FFmpeg's words).
    static func saysRefused(_ line: String) -> Bool {
        let lower = line.lowercased()
        return (lower.contains("malloc") && lower.contains("fail")) || lower.contains("cannot allocate memory")
            || lower.contains("out of memory") || lower.contains("bad_alloc")
    }
}
