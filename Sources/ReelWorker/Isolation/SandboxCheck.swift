import Foundation

/// `reel child check`: a child that sets up the sandbox a render or an engine child gets, with the
/// access its parent would give it, then opens the files it is asked to and answers what the kernel
/// said for each. The allow-lists are checked with it as the kernel applies them, not as the code
/// reads: a test names the files a child must reach and those it must not (the job database, the
/// link secret, another job's upload, the server's `/proc` entry).
public enum SandboxCheck {
    /// The role's argument to `reel child`.
    public static let role = "check"

    struct Request: Codable, Sendable {
        var sandbox: SandboxMode
        var limits: ChildLimits
        var access: ChildAccess
        /// Files to open for reading, and for writing (made if missing; nothing is written).
        var read: [String]
        var write: [String]
    }

    /// What the sandbox held, and each open's errno (0: opened), in the order asked.
    struct Answer: Codable, Sendable {
        var sandbox: SandboxReport
        var read: [Int32]
        var write: [Int32]
    }

    /// Asks a check child of `isolation` with `access` to open `read` and `write`.
    static func run(_ isolation: RenderIsolation, access: ChildAccess, read: [String], write: [String]) throws -> Answer {
        let scratch = try ChildScratch()
        var access = access
        access.write.append(scratch.path)
        let child = try ChildProcess(executable: isolation.executable, arguments: ["reel", RenderIsolation.childCommand, role],
                                     environment: RenderIsolation.childEnvironment(temporary: scratch.path))
        child.send(JSONEncoder.line(Request(sandbox: isolation.sandbox, limits: isolation.limits, access: access, read: read, write: write)))
        while true {
            switch child.receive(waiting: 10_000) {
            case .line(let line):
                _ = child.wait(block: true)
                return try JSONDecoder().decode(Answer.self, from: Data(line.utf8))
            case .nothing, .closed:
                throw ChildFailure(cause: .exited(code: child.wait(block: true)?.code ?? -1))
            }
        }
    }

    /// The child's side; its exit status.
    public static func main() -> Int32 {
        var input = LineReader(fd: 0)
        guard let line = input.next(), let request = try? JSONDecoder().decode(Request.self, from: Data(line.utf8)) else { return 2 }
        let sandbox: SandboxReport
        do { sandbox = try ChildSandbox.apply(request.sandbox, limits: request.limits, access: request.access) } catch { return 3 }
        func attempt(_ path: String, _ flags: Int32) -> Int32 {
            let fd = open(path, flags | O_CLOEXEC, 0o600)
            guard fd >= 0 else { return errno }
            close(fd)
            return 0
        }
        let answer = Answer(sandbox: sandbox, read: request.read.map { attempt($0, O_RDONLY) },
                            write: request.write.map { attempt($0, O_WRONLY | O_CREAT) })
        let text = JSONEncoder.line(answer) + "\n"
        return write(1, text, text.utf8.count) == text.utf8.count ? 0 : 4
    }
}
