import CSandbox
import Foundation

/// One child process of `reel` and the socket its parent talks to it through: owns the pid (killed
/// and reaped once, in `deinit` at the latest, so no zombie outlives it) and the parent's end of
/// the socket pair (closed once). Lines go both ways: a request down, reports up.
final class ChildProcess {
    let pid: pid_t
    private let socket: Int32
    private var buffer: [UInt8] = []
    private var ended: Exit?

    /// How a child ended: its exit code or the signal that ended it, and its peak resident memory.
    struct Exit: Sendable, Equatable {
        var code: Int32?
        var signal: Int32?
        var maxResidentBytes: Int
    }

    /// Why no child could be started.
    struct SpawnError: Error, CustomStringConvertible {
        let call: String
        let errno: Int32
        var description: String { "cannot start a render process (\(call)): \(String(cString: strerror(errno)))" }
    }

    /// Starts `executable` with `arguments` (the first is the program's name) and `environment`.
    init(executable: String, arguments: [String], environment: [String]) throws {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw SpawnError(call: "socketpair", errno: errno)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The child's end is CLOEXEC here, but dup2 onto 0 and 1 clears that flag in the child.
        let rc = reel_spawn(executable, argv, envp, pair[1])
        close(pair[1])
        guard rc > 0 else {
            close(pair[0])
            throw SpawnError(call: "posix_spawn", errno: -rc)
        }
        pid = pid_t(rc)
        socket = pair[0]
    }

    deinit {
        if ended == nil {
            kill()
            _ = wait(block: true)
        }
        close(socket)
    }

    /// Sends one line (a newline is added). False when the child no longer reads (it ended).
    @discardableResult
    func send(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    /// What `receive` found within its wait.
    enum Received {
        case line(String)
        case nothing
        case closed
    }

    /// The next whole line, waiting up to `milliseconds` for bytes; `.closed` once the child's end
    /// is closed (the child ended) and every line before that was read.
    func receive(waiting milliseconds: Int32) -> Received {
        if let line = takeLine() { return .line(line) }
        var fds = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let ready = poll(&fds, 1, milliseconds)
        guard ready > 0 else { return .nothing }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let n = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
        if n < 0 { return errno == EINTR || errno == EAGAIN ? .nothing : .closed }
        if n == 0 { return takeLine().map(Received.line) ?? .closed }
        buffer += chunk[0..<n]
        return takeLine().map(Received.line) ?? .nothing
    }

    /// Exactly `count` bytes following the last line read, waiting up to `milliseconds` for each
    /// read; nil when the child ended or went quiet first.
    func receive(bytes count: Int, waiting milliseconds: Int32) -> [UInt8]? {
        while buffer.count < count {
            var fds = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, milliseconds) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: min(1 << 20, max(64 << 10, count - buffer.count)))
            let n = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else { return nil }
            buffer += chunk[0..<n]
        }
        let out = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return out
    }

    private func takeLine() -> String? {
        guard let end = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeSubrange(...end)
        return line
    }

    /// Ends the child at once (SIGKILL: nothing it runs can delay it).
    func kill() {
        if ended == nil { _ = Glibc.kill(pid, SIGKILL) }
    }

    /// Reaps the child: nil while it runs (`block` false), else how it ended (recorded once).
    func wait(block: Bool) -> Exit? {
        if let ended { return ended }
        var status: Int32 = 0
        var rss = 0
        guard reel_wait(pid, block ? 1 : 0, &status, &rss) == pid else { return nil }
        let exit = Exit(code: reel_exited(status) != 0 ? reel_exit_code(status) : nil,
                        signal: reel_signaled(status) != 0 ? reel_term_signal(status) : nil, maxResidentBytes: rss * 1024)
        ended = exit
        return exit
    }

    /// The child's resident memory now, from `/proc/<pid>/status` (VmRSS), in bytes; nil once gone.
    var residentBytes: Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return nil }
        return kib * 1024
    }
}
