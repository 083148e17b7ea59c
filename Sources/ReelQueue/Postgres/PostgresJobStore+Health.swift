import Foundation

extension PostgresJobStore {
    /// Whether a write could start now: a transaction on a live connection that is not read-only
    /// (a standby, `default_transaction_read_only`), within `waitMillis` for the statements.
    public func checkWritable(waitMillis: Int32 = 1000) throws {
        try locked { db in
            try db.transaction {
                try db.execute("SET LOCAL statement_timeout = \(max(1, waitMillis))")
                let r = try db.query("SELECT current_setting('transaction_read_only') AS ro")
                if try r.first?.text("ro") == "on" {
                    throw PostgresError(sqlstate: "25006", message: "the database accepts no writes (read-only)", sql: "")
                }
            }
        }
    }

    /// Free bytes on the file system of the node's data directory (outputs and uploads).
    public var freeBytes: Int64? {
        var info = statvfs()
        guard statvfs(dataDirectory, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// Notifications wake idle workers; the poll only catches what no notification announces (a
    /// lease running out) and what was missed while the listening connection was being remade.
    public var idlePollSeconds: Double { 5 }

    public func startWakeups(_ wake: @escaping @Sendable () -> Void) {
        listener.start(PostgresListener(url: connections.url, channel: Self.channel, wake: wake))
    }

    public func stopWakeups() { listener.stop() }

    /// Runs `body` holding the session advisory lock of `name` on a connection of its own, or
    /// skips it when another node holds it; the lock goes with the connection if this node dies.
    @discardableResult
    public func exclusively(_ name: String, _ body: () throws -> Void) throws -> Bool {
        let key = Self.lockKey(name)
        return try connections.with { db in
            guard try db.query("SELECT pg_try_advisory_lock($1) AS got", [.int(key)]).first?.bool("got") == true else { return false }
            defer { _ = try? db.query("SELECT pg_advisory_unlock($1)", [.int(key)]) }
            try body()
            return true
        }
    }

    /// A stable 64-bit key for a lock name (FNV-1a of "reel:" + name), the same on every node.
    static func lockKey(_ name: String) -> Int64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in ("reel:" + name).utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int64(bitPattern: h)
    }
}
