import CSQLite
import Foundation
import Synchronization

/// Owns one SQLite connection (`sqlite3*`), opened in WAL mode with `synchronous=FULL`, so a
/// committed write is on disk before the caller answers, and a busy timeout so a competing
/// connection waits inside SQLite instead of failing. One thread uses a connection at a time
/// (`ConnectionPool` hands them out), so SQLite's own per-connection mutex is off. Statements are
/// prepared once per connection and kept (`prepare`).
public final class SQLiteDatabase {
    let handle: OpaquePointer
    public let path: String
    private var statements: [String: SQLiteStatement] = [:]
    /// Set by `notifyClaimable` inside a call; read and cleared by `SQLiteBackend` when it ends.
    var claimableChanged = false
    /// Jobs changed by the call using this connection, announced once it returns (committed).
    var changedJobs: [String] = []
    public var touchedJobs: [String] = []

    /// Process-wide settings, applied once before the first connection opens.
    private static let configured: Void = { _ = reel_sqlite_disable_memstatus() }()

    /// `readOnly` opens the file as SQLite does on its own when it may not write it (for tests).
    public init(path: String, busyTimeoutMillis: Int32 = 5000, readOnly: Bool = false) throws {
        _ = Self.configured
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw SQLiteError(code: rc, message: message, sql: "open \(path)")
        }
        handle = db
        self.path = path
        SQLiteDatabase.installBusyHandler(db, millis: busyTimeoutMillis)
        // Switching a new file to WAL needs it to itself; SQLite answers BUSY at once (no busy
        // handler) while another connection opening the same new file holds it, so wait here.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(busyTimeoutMillis) * 1_000_000
        while true {
            do {
                try execute("PRAGMA journal_mode=WAL")
                break
            } catch let e as SQLiteError where e.isBusy && DispatchTime.now().uptimeNanoseconds < deadline {
                usleep(10_000)
            }
        }
        try execute("PRAGMA synchronous=FULL")
        try execute("PRAGMA foreign_keys=ON")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The errno behind an I/O error on the connection: SQLite's own record of it, or, where that
    /// was lost (SQLite keeps it only when the failing call's errno survives its clean-up), the
    /// refusal `access(2)` meets asking to write the database file or its log now: an immutable
    /// file (EPERM), a permission taken away (EACCES), a read-only file system (EROFS). Never an
    /// open and close: closing any descriptor of the file drops SQLite's POSIX locks on it.
    static func systemErrno(_ handle: OpaquePointer, path: String) -> Int32 {
        let recorded = sqlite3_system_errno(handle)
        if recorded != 0 { return recorded }
        for file in [path, path + "-wal"] where access(file, W_OK) != 0 && errno != ENOENT {
            return errno
        }
        return 0
    }

    /// Runs SQL that returns no rows (several statements allowed).
    public func execute(_ sql: String) throws {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let message = err.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(err)
            throw SQLiteError(code: rc, message: message, sql: sql,
                              systemErrno: rc & 0xFF == SQLITE_IOERR ? SQLiteDatabase.systemErrno(handle, path: path) : 0)
        }
    }

    /// The statement for `sql`, prepared on first use and reset on every later one. A statement
    /// belongs to its connection's current user: read its rows before preparing the same SQL again.
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let statement = try SQLiteStatement(db: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Whether this connection may not write: SQLite opens a file it may not write (permissions,
    /// an immutable file, a read-only mount) read-only, and stays so until the connection closes.
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Ends every statement's read, so an idle connection holds no snapshot of the database (a
    /// stepped, unreset statement keeps its read transaction open), and rolls back a transaction
    /// left open. False when the connection could not be brought back to autocommit.
    func settle() -> Bool {
        for s in statements.values { s.reset() }
        if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
        return sqlite3_get_autocommit(handle) != 0
    }

    /// Runs `body` in a transaction; `BEGIN IMMEDIATE` takes the write lock up front, so two
    /// workers claiming jobs cannot both read the same queued row.
    public func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Sets how long this connection waits for another's lock before failing with SQLITE_BUSY.
    func setBusyTimeout(millis: Int32) { SQLiteDatabase.installBusyHandler(handle, millis: millis) }

    /// How many times, in this process, a connection found the database locked by another and
    /// began to wait for it (a test that must know a writer is waiting waits for this to move).
    public static var busyWaits: Int { busyWaitCount.load(ordering: .acquiring) }
    private static let busyWaitCount = Atomic(0)

    /// SQLite's own busy timeout (the same schedule of sleeps: 1, 2, 5, 10, 15, 20, 25, 25, 25, 50,
    /// 50, then 100 ms, the last cut to end at `millis`), with each wait counted in `busyWaits`. The
    /// timeout travels as the handler's context pointer's value, so nothing needs freeing.
    private static func installBusyHandler(_ db: OpaquePointer, millis: Int32) {
        sqlite3_busy_handler(db, { context, count in
            if count == 0 { SQLiteDatabase.busyWaitCount.add(1, ordering: .releasing) }
            let timeout = Int(bitPattern: context)
            let delays = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
            let n = Int(count)
            var delay = delays[min(n, delays.count - 1)]
            let prior = n < delays.count ? delays[..<n].reduce(0, +) : delays.reduce(0, +) + 100 * (n - delays.count)
            if prior + delay > timeout {
                delay = timeout - prior
                if delay <= 0 { return 0 }
            }
            usleep(UInt32(delay * 1000))
            return 1
        }, UnsafeMutableRawPointer(bitPattern: Int(max(0, millis))))
    }

    /// The schema version (`PRAGMA user_version`).
    public var userVersion: Int {
        get throws {
            // `query` reads every row and resets: an unfinished read would lock the tables a migration drops.
            try query("PRAGMA user_version").first?.int("user_version") ?? 0
        }
    }

    /// Applies `migrations[v...]` in order, each in its own transaction, bumping `user_version`.
    /// Each step reads the version inside its `BEGIN IMMEDIATE` transaction, so of two processes
    /// starting together one migrates and the other, once it has the lock, finds nothing to do. A
    /// database newer than `migrations` (written by a later Reel) is refused, untouched.
    public func migrate(_ migrations: [String]) throws {
        var stepped: Bool
        repeat {
            stepped = try transaction {
                let current = try userVersion
                if current > migrations.count { throw SchemaTooNewError(path: path, version: current, known: migrations.count) }
                guard current < migrations.count else { return false }
                try execute(migrations[current])
                try execute("PRAGMA user_version = \(current + 1)")
                return true
            }
        } while stepped
    }
}
