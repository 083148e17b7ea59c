import Foundation
import ReelBasics

/// SQLite connections to one database, each used by one thread at a time. A caller takes an idle
/// connection (or opens one) and gives it back when its call ends; the lock guards only the list,
/// never a query, so no thread waits here for another's SQL or for SQLite's busy handler.
final class SQLiteConnectionPool: Sendable {
    private struct State {
        var idle: [SQLiteDatabase] = []
        var pageLimit: Int?
        /// Whether `pageLimit` was ever set: then every connection is told the current one.
        var pageLimitUsed = false
        var readOnly = false
    }
    private let state = Guarded(State())
    private let open: @Sendable (_ readOnly: Bool) throws -> SQLiteDatabase
    /// For tests: `PRAGMA max_page_count` on every connection, so writes past it fail with
    /// SQLITE_FULL as on a full disk. nil: SQLite's default.
    var maxPageCount: Int? {
        get { state.withLock { $0.pageLimit } }
        set {
            state.withLock { s in
                s.pageLimit = newValue
                s.pageLimitUsed = true
            }
        }
    }

    /// For tests: connections open read-only, as SQLite opens a file it may not write; while it is
    /// set, connections opened before are closed as they come back.
    var opensReadOnly: Bool {
        get { state.withLock { $0.readOnly } }
        set {
            state.withLock { s in
                s.readOnly = newValue
                if newValue { s.idle.removeAll() }
            }
        }
    }

    init(open: @escaping @Sendable (_ readOnly: Bool) throws -> SQLiteDatabase) {
        self.open = open
    }

    func with<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        let (reused, limit, readOnly) = state.withLock { s in
            (s.idle.popLast(), s.pageLimitUsed ? s.pageLimit ?? 1_073_741_823 : nil, s.readOnly)  // SQLite's own default
        }
        let db = try reused ?? open(readOnly)
        defer {
            // A connection that cannot leave its transaction is closed rather than handed on, and
            // so is a read-only one: once the file may be written again, a new one can write it.
            if db.settle() && !db.isReadOnly {
                state.withLock { s in if !s.readOnly { s.idle.append(db) } }  // the test switch retires writers too
            }
        }
        if let limit { try db.execute("PRAGMA max_page_count = \(limit)") }
        return try body(db)
    }
}
