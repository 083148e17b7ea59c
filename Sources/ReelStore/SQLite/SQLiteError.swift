/// A failed SQLite call with SQLite's message and the statement involved.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String
    public let sql: String

    public var description: String { "SQLite error \(code): \(message)\(sql.isEmpty ? "" : " in: \(sql)")" }

    /// True for SQLITE_BUSY/SQLITE_LOCKED: another connection holds the lock past the busy timeout.
    public var isBusy: Bool { code & 0xFF == 5 || code & 0xFF == 6 }
    /// True for SQLITE_FULL: the disk (or the database's page limit) is full.
    public var isFull: Bool { code & 0xFF == 13 }
    /// True for SQLITE_READONLY: the database cannot be written (a read-only file or file system).
    public var isReadOnly: Bool { code & 0xFF == 8 }
    /// True for a UNIQUE or other constraint violation.
    public var isConstraint: Bool { code & 0xFF == 19 }
}

extension SQLiteError: StoreFailure {
    /// SQLITE_CANTOPEN: the file could not be opened (a network file system away, say).
    public var isUnavailable: Bool { code & 0xFF == 14 }
}
