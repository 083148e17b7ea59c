import CSQLite
import ReelBasics
import Foundation

/// The store's database in one SQLite file under `dataDir`, the embedded default. Every call runs
/// on a connection of its own from a pool: readers never wait for a writer (WAL), and a writer
/// waits for another inside SQLite's busy handler, holding no lock of this process, so a locked
/// database delays only the writes that need it. Other processes are kept out by SQLite's locks.
public final class SQLiteBackend: SQLBackend {
    let connections: SQLiteConnectionPool
    public let path: String
    let busyTimeoutMillis: Int32
    private let wakeups = Wakeups()
    private let jobChanges = CallbackSlot<[String], Void>()

    /// `busyTimeoutMillis`: how long a write waits for another connection's lock (another process,
    /// or another thread of this one) before it fails with SQLITE_BUSY.
    public init(path: String, busyTimeoutMillis: Int32 = 5000) throws {
        connections = SQLiteConnectionPool { try SQLiteDatabase(path: path, busyTimeoutMillis: busyTimeoutMillis, readOnly: $0) }
        self.path = path
        self.busyTimeoutMillis = busyTimeoutMillis
        try connections.with { try $0.migrate(SQLiteSchema.migrations) }
    }

    public var dialect: SQLDialect { .sqlite }

    public func withConnection<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        let (result, claimable, jobs): (T, Bool, [String]) = try connections.with { db in
            db.claimableChanged = false
            db.changedJobs = []
            defer {
                db.claimableChanged = false
                db.changedJobs = []
            }
            let result = try body(db)
            return (result, db.claimableChanged, db.changedJobs)
        }
        if claimable { wakeups.wake() }
        if !jobs.isEmpty { _ = jobChanges.call(jobs) }
        return result
    }

    /// Runs `body` on a connection that answers SQLITE_BUSY at once instead of waiting for another
    /// connection's lock, for a caller that must not block (an event loop).
    func withConnectionWithoutWaiting<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try connections.with { db in
            db.setBusyTimeout(millis: 0)
            defer { db.setBusyTimeout(millis: busyTimeoutMillis) }
            return try body(db)
        }
    }

    /// Commits a change to `write_probe` and checkpoints it into the file, waiting at most
    /// `waitMillis` for another connection's lock. Throws the `SQLiteError` a write would meet
    /// (busy, read-only, unopenable, a file that refuses writes).
    public func checkWritable(waitMillis: Int32) throws {
        try connections.with { db in
            // SQLite takes the write lock on a connection that may not write and fails only the
            // write itself: ask the connection.
            guard !db.isReadOnly else { throw SQLiteError(code: SQLITE_READONLY, message: "attempt to write a readonly database", sql: "") }
            db.setBusyTimeout(millis: waitMillis)
            defer { db.setBusyTimeout(millis: busyTimeoutMillis) }
            // A committed change (a page of the log) and a checkpoint into the database file: a
            // file made immutable or read-only under a connection opened writable fails one of
            // them, where taking the lock alone succeeds.
            try db.execute("BEGIN IMMEDIATE")
            do {
                try db.execute("UPDATE write_probe SET n = n + 1 WHERE id = 1")
                try db.execute("COMMIT")
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
            try db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        }
    }

    /// Free bytes on the file system holding the database.
    public var freeBytes: Int64? { FileSystem.freeBytes(at: (path as NSString).deletingLastPathComponent) }

    /// This process's changes wake its workers at once (`wakeups`); another process's changes to
    /// the same file are found by this poll, since SQLite sends no notifications.
    public var idlePollSeconds: Double { 0.5 }

    public func startWakeups(_ wake: @escaping @Sendable () -> Void) { wakeups.start(wake) }
    public func stopWakeups() { wakeups.stop() }

    /// In-process: another process writing the same file is not a supported deployment.
    public func startJobChanges(_ changed: @escaping @Sendable ([String]) -> Void) { jobChanges.set(changed) }
    public func stopJobChanges() { jobChanges.set(nil) }

    /// One process owns the file's retention (another process on the same file is not a
    /// supported deployment: PostgreSQL is the store for many), so the body always runs.
    public func exclusively(_ name: String, _ body: () throws -> Void) throws -> Bool {
        try body()
        return true
    }

    /// For tests: makes writes that need more than `pages` database pages fail with SQLITE_FULL, as
    /// on a full disk. nil lifts the limit for connections opened afterwards.
    func simulateFullDisk(pages: Int?) { connections.maxPageCount = pages }

    /// For tests: the database file becomes one this process may not write (`true`: connections
    /// open from now on are read-only), or may again (`false`: nothing else changes, so the store
    /// must recover on its own).
    func simulateReadOnlyFile(_ readOnly: Bool) { connections.opensReadOnly = readOnly }

    /// The database's size in pages now.
    func pageCount() throws -> Int {
        try connections.with { db in try db.query("PRAGMA page_count").first?.int("page_count") ?? 0 }
    }
}
