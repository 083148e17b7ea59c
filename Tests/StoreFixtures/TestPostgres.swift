import Foundation
import ReelStore

/// A throwaway PostgreSQL cluster for the tests: initdb'd in a temporary folder, listening on a
/// free loopback port, started once per test process and stopped when it exits. As root (CI's
/// containers) the server runs as the `postgres` user, which initdb requires. Nothing is skipped:
/// without PostgreSQL installed (`scripts/deps.sh` installs it), `shared()` throws and the test
/// fails saying so.
public final class TestPostgres: @unchecked Sendable {
    public let port: Int
    let directory: String
    let bin: String

    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var instance: TestPostgres?

    /// The process's cluster, started on first use.
    public static func shared() throws -> TestPostgres {
        lock.lock()
        defer { lock.unlock() }
        if let instance { return instance }
        let pg = try TestPostgres()
        instance = pg
        atexit { TestPostgres.instance?.destroy() }
        return pg
    }

    private init() throws {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        guard let v = versions.last, FileManager.default.isExecutableFile(atPath: "\(root)/\(v)/bin/initdb") else {
            throw Unavailable(description: "PostgreSQL's server is not installed (no \(root)/N/bin/initdb): run scripts/deps.sh")
        }
        bin = "\(root)/\(v)/bin"
        directory = NSTemporaryDirectory() + "reel-pg-\(UUID().uuidString.prefix(8))"
        port = try Self.freePort()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0 { try Self.run("/bin/chown", ["postgres:postgres", directory]) }
        try asServer("\(bin)/initdb", ["-D", "\(directory)/data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        try start()
    }

    /// `postgres://` URL of `database` on this cluster.
    public func url(_ database: String = "postgres") -> String { "postgres://postgres@127.0.0.1:\(port)/\(database)" }

    /// A new empty database; its URL.
    public func createDatabase() throws -> String {
        let name = "reel_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        try PostgresConnection(url: url()).execute("CREATE DATABASE \(name)")
        return url(name)
    }

    public func start() throws {
        try asServer("\(bin)/pg_ctl", ["-D", "\(directory)/data", "-l", "\(directory)/log", "-w", "-t", "60", "-o",
                                       "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
                                       "start"])
    }

    /// Stops the server the way an administrator's restart does (`-m fast`: clients disconnected,
    /// transactions rolled back).
    public func stop() throws {
        try asServer("\(bin)/pg_ctl", ["-D", "\(directory)/data", "-w", "-t", "60", "-m", "fast", "stop"])
    }

    private func destroy() {
        _ = try? asServer("\(bin)/pg_ctl", ["-D", "\(directory)/data", "-w", "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func asServer(_ tool: String, _ args: [String]) throws {
        if getuid() == 0 {
            try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", tool] + args)
        } else {
            try Self.run(tool, args)
        }
    }

    /// Runs `tool` and waits with waitpid: Foundation's `Process` on Linux waits for its child's
    /// pipes to close too, and the server pg_ctl starts keeps them open for good.
    private static func run(_ tool: String, _ args: [String]) throws {
        let log = NSTemporaryDirectory() + "reel-pg-\(UUID().uuidString.prefix(8)).out"
        defer { try? FileManager.default.removeItem(atPath: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([tool] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, tool, &actions, nil, argv, environ)
        guard rc == 0 else { throw Unavailable(description: "\(tool) could not be started: errno \(rc)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        guard exited && (status >> 8) & 0xff == 0 else {
            throw Unavailable(description: "\(tool) \(args.joined(separator: " ")) failed (status \(status)): \(text)")
        }
    }

    /// A port nothing listens on now (bound to 0, read, closed).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else { throw Unavailable(description: "no free port: errno \(errno)") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }
}
