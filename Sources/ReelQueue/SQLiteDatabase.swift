import CSQLite
import Foundation

/// Owns one SQLite connection (`sqlite3*`), opened in WAL mode with `synchronous=FULL`, so a
/// committed write is on disk before the caller answers, and a busy timeout so a competing process
/// waits instead of failing. Callers serialise access (see `JobStore`).
public final class SQLiteDatabase {
    let handle: OpaquePointer
    public let path: String

    public init(path: String, busyTimeoutMillis: Int32 = 5000) throws {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw SQLiteError(code: rc, message: message, sql: "open \(path)")
        }
        handle = db
        self.path = path
        sqlite3_busy_timeout(db, busyTimeoutMillis)
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=FULL")
        try execute("PRAGMA foreign_keys=ON")
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs SQL that returns no rows (several statements allowed).
    public func execute(_ sql: String) throws {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let message = err.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(err)
            throw SQLiteError(code: rc, message: message, sql: sql)
        }
    }

    public func prepare(_ sql: String) throws -> SQLiteStatement { try SQLiteStatement(db: self, sql: sql) }

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

    /// The schema version (`PRAGMA user_version`).
    public var userVersion: Int {
        get throws {
            let s = try prepare("PRAGMA user_version")
            return try s.step() ? try s.int("user_version") : 0
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
