/// A failed PostgreSQL call: the server's SQLSTATE (or a client-side one: `08006` when the
/// connection broke, `08001` when none could be made) with its message and the statement involved.
public struct PostgresError: Error, Sendable {
    /// The five-character SQLSTATE (appendix A of the PostgreSQL manual).
    public let sqlstate: String
    public let message: String
    public let sql: String

    /// No connection could be made or the one in use broke. A refused login or a database that
    /// does not exist is a configuration error (28000, 3D000), not an outage worth waiting out.
    static func connection(_ message: String, sql: String = "", made: Bool) -> PostgresError {
        if !made && (message.contains("authentication failed") || message.contains("no pg_hba.conf entry")) {
            return PostgresError(sqlstate: "28000", message: message, sql: sql)
        }
        if !made && message.contains("does not exist") { return PostgresError(sqlstate: "3D000", message: message, sql: sql) }
        return PostgresError(sqlstate: made ? "08006" : "08001", message: message, sql: sql)
    }
}

extension PostgresError: StoreFailure {
    public var description: String { "PostgreSQL error \(sqlstate): \(message)\(sql.isEmpty ? "" : " in: \(sql)")" }

    /// A lock or statement timeout (55P03, 57014), a deadlock or a serialization failure (40xxx):
    /// another transaction held what this one needed.
    public var isBusy: Bool { sqlstate == "55P03" || sqlstate == "57014" || sqlstate.hasPrefix("40") }
    /// disk_full (53100) or out of memory/connections (53xxx other than too many connections).
    public var isFull: Bool { sqlstate == "53100" }
    /// read_only_sql_transaction: a standby, or a database set read-only.
    public var isReadOnly: Bool { sqlstate == "25006" }
    /// Class 08 (connection exceptions), 57P01-57P03 (the server shutting down, restarting or not
    /// yet accepting) and 53300 (too many connections): worth reconnecting and trying again.
    public var isUnavailable: Bool {
        sqlstate.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(sqlstate)
    }
    /// A unique or other integrity constraint (class 23).
    public var isConstraint: Bool { sqlstate.hasPrefix("23") }
}
