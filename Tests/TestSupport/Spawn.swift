import Foundation

/// Starting the tests' servers (PostgreSQL, an S3 server) as child processes.
public enum Spawn {
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Runs `tool` with `args` (and `environment` added to this process's) and waits with waitpid:
    /// Foundation's `Process` on Linux waits for its child's pipes to close too, and a server the
    /// tool starts keeps them open for good. Throws with the tool's output when it fails.
    public static func run(_ tool: String, _ args: [String], environment: [String: String] = [:]) throws {
        let log = NSTemporaryDirectory() + "reel-spawn-\(UUID().uuidString.prefix(8)).out"
        defer { try? FileManager.default.removeItem(atPath: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([tool] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var merged = ProcessInfo.processInfo.environment
        for (k, v) in environment { merged[k] = v }
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, tool, &actions, nil, argv, envp)
        guard rc == 0 else { throw Failed(description: "\(tool) could not be started: errno \(rc)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard status & 0x7f == 0 && (status >> 8) & 0xff == 0 else {
            throw Failed(description: "\(tool) \(args.joined(separator: " ")) failed (status \(status)): \(text)")
        }
    }

    /// A loopback port nothing listens on now (bound to 0, read, closed).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else { throw Failed(description: "no free port: errno \(errno)") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// The first of `count` consecutive loopback ports that are all free now.
    public static func freePorts(_ count: Int) throws -> Int {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let base = Int.random(in: 20_000...(60_000 - count), using: &generator)
            if (base..<(base + count)).allSatisfy(isFree) { return base }
        }
        throw Failed(description: "no \(count) consecutive free ports")
    }

    private static func isFree(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
