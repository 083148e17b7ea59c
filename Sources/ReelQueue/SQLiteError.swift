/// A failed SQLite call with SQLite's message and the statement involved.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String
    public let sql: String

    public var description: String { "SQLite error \(code): \(message)\(sql.isEmpty ? "" : " in: \(sql)")" }

    /// True for SQLITE_BUSY/SQLITE_LOCKED: another connection holds the lock past the busy timeout.
    public var isBusy: Bool { code == 5 || code == 6 }
    /// True for a UNIQUE or other constraint violation.
    public var isConstraint: Bool { code & 0xFF == 19 }
}
