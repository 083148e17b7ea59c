import Foundation

/// A failed SQLite call with SQLite's message and the statement involved.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String
    public let sql: String
    /// The operating system's errno behind an I/O error (`sqlite3_system_errno`), 0 when none.
    public let systemErrno: Int32

    public init(code: Int32, message: String, sql: String, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = code & 0xFF == 10 ? systemErrno : 0
    }

    public var description: String {
        let os = systemErrno == 0 ? "" : " (\(String(cString: strerror(systemErrno))))"
        return "SQLite error \(code): \(message)\(os)\(sql.isEmpty ? "" : " in: \(sql)")"
    }

    /// True for SQLITE_BUSY/SQLITE_LOCKED: another connection holds the lock past the busy timeout.
    public var isBusy: Bool { code & 0xFF == 5 || code & 0xFF == 6 }
    /// True for SQLITE_FULL: the disk (or the database's page limit) is full.
    public var isFull: Bool { code & 0xFF == 13 }
    /// True for SQLITE_READONLY, and for an I/O error whose cause is a refusal to write (EPERM,
    /// EACCES, EROFS: an immutable file, a permission taken away, a file system remounted
    /// read-only under a connection that was opened writable): the database cannot be written.
    public var isReadOnly: Bool { code & 0xFF == 8 || (code & 0xFF == 10 && [EPERM, EACCES, EROFS].contains(systemErrno)) }
    /// True for a UNIQUE or other constraint violation.
    public var isConstraint: Bool { code & 0xFF == 19 }
}

extension SQLiteError: StoreFailure {
    /// SQLITE_CANTOPEN: the file could not be opened (a network file system away, say).
    public var isUnavailable: Bool { code & 0xFF == 14 }
}
