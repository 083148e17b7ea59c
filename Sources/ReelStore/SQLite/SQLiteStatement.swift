import CSQLite

/// Owns a prepared statement (`sqlite3_stmt*`), finalised in deinit. Its connection keeps it
/// (`SQLiteDatabase.prepare`), so it holds the connection's handle for messages, not the object.
public final class SQLiteStatement {
    let handle: OpaquePointer
    let dbHandle: OpaquePointer
    let dbPath: String
    let sql: String

    init(db: SQLiteDatabase, sql: String) throws {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(db.handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(db.handle)), sql: sql)
        }
        handle = stmt
        dbHandle = db.handle
        dbPath = db.path
        self.sql = sql
    }

    /// Back to before the first step (bindings stay), ending any read in progress.
    func reset() { sqlite3_reset(handle) }

    deinit { sqlite3_finalize(handle) }

    /// A value bindable to a `?` parameter.
    public enum Value {
        case null, int(Int64), double(Double), text(String)
    }

    /// Binds values to the parameters in order.
    @discardableResult
    public func bind(_ values: [Value]) throws -> SQLiteStatement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (i, v) in values.enumerated() {
            let idx = Int32(i + 1)
            let rc: Int32
            switch v {
            case .null: rc = sqlite3_bind_null(handle, idx)
            case .int(let x): rc = sqlite3_bind_int64(handle, idx, x)
            case .double(let x): rc = sqlite3_bind_double(handle, idx, x)
            case .text(let s): rc = sqlite3_bind_text(handle, idx, s, -1, reel_sqlite_transient())
            }
            guard rc == SQLITE_OK else { throw error(rc) }
        }
        return self
    }

    /// Advances to the next row; false when done.
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw error(rc)
    }

    /// Runs a statement that returns no rows.
    public func run(_ values: [Value] = []) throws {
        try bind(values)
        while try step() {}
    }

    // MARK: Reading every row

    /// Steps through every row and keeps each as an `SQLRow` of SQLite's own types.
    func rows() throws -> [SQLRow] {
        var out: [SQLRow] = []
        let columns = sqlColumns
        let count = Int32(columns.names.count)
        while try step() {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(count))
            for i in 0..<count {
                switch sqlite3_column_type(handle, i) {
                case SQLITE_NULL: values.append(.null)
                case SQLITE_INTEGER: values.append(.int(int64(i)))
                case SQLITE_FLOAT: values.append(.double(double(i)))
                default: values.append(.text(text(i)))
                }
            }
            out.append(SQLRow(columns: columns, values: values, sql: sql))
        }
        return out
    }

    /// The result's column names (the `AS` name, or the column's own), read once: a statement's
    /// columns are fixed once it is prepared.
    private lazy var sqlColumns: SQLColumns = SQLColumns((0..<sqlite3_column_count(handle)).map {
        sqlite3_column_name(handle, $0).map { String(cString: $0) } ?? ""
    })

    // MARK: Reading the current row by position

    private func isNull(_ i: Int32) -> Bool { sqlite3_column_type(handle, i) == SQLITE_NULL }
    private func int(_ i: Int32) -> Int { Int(sqlite3_column_int64(handle, i)) }
    private func int64(_ i: Int32) -> Int64 { sqlite3_column_int64(handle, i) }
    private func double(_ i: Int32) -> Double { sqlite3_column_double(handle, i) }
    private func text(_ i: Int32) -> String { sqlite3_column_text(handle, i).map { String(cString: $0) } ?? "" }

    private func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(dbHandle)), sql: sql,
                    systemErrno: rc & 0xFF == SQLITE_IOERR ? SQLiteDatabase.systemErrno(dbHandle, path: dbPath) : 0)
    }
}
