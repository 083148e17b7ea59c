import Foundation

/// The store's database in PostgreSQL, shared by any number of `reel serve` nodes. Concurrency
/// rests on PostgreSQL itself: rows are claimed `FOR UPDATE SKIP LOCKED` (two workers never take
/// the same row and neither waits for the other), idempotency keys are a unique constraint, work
/// that reads other rows than it locks is serialised by advisory locks, and every change that makes
/// a job claimable sends `NOTIFY reel_jobs`, so idle workers on every node wake at once.
///
/// Times are each node's clock in ms, so nodes must keep their clocks in sync (NTP) to well
/// under `leaseSeconds`.
public final class PostgresBackend: SQLBackend {
    let connections: PostgresPool
    /// The node's data directory, whose disk `freeBytes` reports.
    let dataDirectory: String
    let listener = PostgresListener.Holder()
    let changesListener = PostgresListener.Holder()

    /// The channel whose notifications mean "a job may be claimable".
    static let channel = "reel_jobs"
    /// The channel whose notifications carry the id of a job that changed.
    static let changesChannel = "reel_job_changes"

    /// `url`: a `postgres://` URL or a libpq keyword string.
    public init(url: String, dataDirectory: String = ".") throws {
        connections = PostgresPool(url: url)
        self.dataDirectory = dataDirectory
        try connections.with { try PostgresSchema.migrate($0, location: Self.redacted(url)) }
    }

    deinit {
        listener.stop()
        changesListener.stop()
    }

    /// The URL without its password, for messages.
    static func redacted(_ url: String) -> String {
        guard var c = URLComponents(string: url), c.password != nil else { return url }
        c.password = "***"
        return c.string ?? url
    }

    public var dialect: SQLDialect { .postgres }

    public func withConnection<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try connections.with(body)
    }

    /// A transaction on a live connection that is not read-only (a standby,
    /// `default_transaction_read_only`), within `waitMillis` for the statements.
    public func checkWritable(waitMillis: Int32) throws {
        try connections.with { db in
            try db.transaction {
                try db.execute("SET LOCAL statement_timeout = \(max(1, waitMillis))")
                if try db.run("SELECT current_setting('transaction_read_only') AS ro").first?.text("ro") == "on" {
                    throw PostgresError(sqlstate: "25006", message: "the database accepts no writes (read-only)", sql: "")
                }
            }
        }
    }

    /// Free bytes on the file system of the node's data directory (outputs and uploads).
    public var freeBytes: Int64? { FileSystem.freeBytes(at: dataDirectory) }

    /// Notifications wake idle workers; the poll only catches what no notification announces (a
    /// lease running out) and what was missed while the listening connection was being remade.
    public var idlePollSeconds: Double { 5 }

    public func startWakeups(_ wake: @escaping @Sendable () -> Void) {
        listener.start(PostgresListener(url: connections.url, channel: Self.channel) { _ in wake() })
    }

    public func stopWakeups() { listener.stop() }

    /// Every node's own listening connection hears every node's changes.
    public func startJobChanges(_ changed: @escaping @Sendable ([String]) -> Void) {
        changesListener.start(PostgresListener(url: connections.url, channel: Self.changesChannel, heard: changed))
    }

    public func stopJobChanges() { changesListener.stop() }

    /// Runs `body` holding the session advisory lock of `name` on a connection of its own, or
    /// skips it when another node holds it; the lock goes with the connection if this node dies.
    public func exclusively(_ name: String, _ body: () throws -> Void) throws -> Bool {
        let key = PostgresConnection.lockKey(name)
        return try connections.with { db in
            guard try db.run("SELECT pg_try_advisory_lock($1) AS got", [.int(key)]).first?.bool("got") == true else { return false }
            defer { _ = try? db.run("SELECT pg_advisory_unlock($1)", [.int(key)]) }
            try body()
            return true
        }
    }
}
