import Foundation

/// SQLite connections to one database, each used by one thread at a time. A caller takes an idle
/// connection (or opens one) and gives it back when its call ends; the lock guards only the list,
/// never a query, so no thread waits here for another's SQL or for SQLite's busy handler.
final class SQLiteConnectionPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [SQLiteDatabase] = []
    private let open: () throws -> SQLiteDatabase
    /// For tests: `PRAGMA max_page_count` on every connection, so writes past it fail with
    /// SQLITE_FULL as on a full disk. nil: SQLite's default.
    var maxPageCount: Int? {
        get { lock.lock(); defer { lock.unlock() }; return pageLimit }
        set { lock.lock(); pageLimit = newValue; lock.unlock() }
    }
    private var pageLimit: Int?

    init(open: @escaping () throws -> SQLiteDatabase) {
        self.open = open
    }

    func with<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        lock.lock()
        let reused = idle.popLast()
        let limit = pageLimit
        lock.unlock()
        let db = try reused ?? open()
        defer {
            // A connection that cannot leave its transaction is closed rather than handed on.
            if db.settle() {
                lock.lock()
                idle.append(db)
                lock.unlock()
            }
        }
        if let limit { try db.execute("PRAGMA max_page_count = \(limit)") }
        return try body(db)
    }
}
