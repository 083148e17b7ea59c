import Foundation
import ReelStore
import TestSupport

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

    private static func run(_ tool: String, _ args: [String]) throws {
        do { try Spawn.run(tool, args) } catch let e as Spawn.Failed { throw Unavailable(description: e.description) }
    }

    private static func freePort() throws -> Int { try Spawn.freePort() }
}
