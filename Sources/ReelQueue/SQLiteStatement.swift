import CSQLite

/// Owns a prepared statement (`sqlite3_stmt*`), finalised in deinit.
public final class SQLiteStatement {
    let handle: OpaquePointer
    let db: SQLiteDatabase
    let sql: String

    init(db: SQLiteDatabase, sql: String) throws {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(db.handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(db.handle)), sql: sql)
        }
        handle = stmt
        self.db = db
        self.sql = sql
    }

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

    public func isNull(_ i: Int32) -> Bool { sqlite3_column_type(handle, i) == SQLITE_NULL }
    public func int(_ i: Int32) -> Int { Int(sqlite3_column_int64(handle, i)) }
    public func int64(_ i: Int32) -> Int64 { sqlite3_column_int64(handle, i) }
    public func double(_ i: Int32) -> Double { sqlite3_column_double(handle, i) }
    public func text(_ i: Int32) -> String { sqlite3_column_text(handle, i).map { String(cString: $0) } ?? "" }
    public func optionalText(_ i: Int32) -> String? { isNull(i) ? nil : text(i) }
    public func optionalInt(_ i: Int32) -> Int64? { isNull(i) ? nil : int64(i) }
    public func optionalDouble(_ i: Int32) -> Double? { isNull(i) ? nil : double(i) }

    private func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(db.handle)), sql: sql)
    }
}
