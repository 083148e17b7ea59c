import Foundation
import ReelSync

/// SQLite connections to one database, each used by one thread at a time. A caller takes an idle
/// connection (or opens one) and gives it back when its call ends; the lock guards only the list,
/// never a query, so no thread waits here for another's SQL or for SQLite's busy handler.
final class SQLiteConnectionPool: Sendable {
    private struct State {
        var idle: [SQLiteDatabase] = []
        var pageLimit: Int?
    }
    private let state = Guarded(State())
    private let open: @Sendable () throws -> SQLiteDatabase
    /// For tests: `PRAGMA max_page_count` on every connection, so writes past it fail with
    /// SQLITE_FULL as on a full disk. nil: SQLite's default.
    var maxPageCount: Int? {
        get { state.withLock { $0.pageLimit } }
        set { state.withLock { $0.pageLimit = newValue } }
    }

    init(open: @escaping @Sendable () throws -> SQLiteDatabase) {
        self.open = open
    }

    func with<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        let (reused, limit) = state.withLock { s in (s.idle.popLast(), s.pageLimit) }
        let db = try reused ?? open()
        defer {
            // A connection that cannot leave its transaction is closed rather than handed on.
            if db.settle() { state.withLock { $0.idle.append(db) } }
        }
        if let limit { try db.execute("PRAGMA max_page_count = \(limit)") }
        return try body(db)
    }
}
