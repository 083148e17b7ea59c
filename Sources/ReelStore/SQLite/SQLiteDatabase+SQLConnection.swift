import CSQLite

/// SQLite as the store's rules use it. Write transactions are `BEGIN IMMEDIATE`: SQLite lets one
/// writer in at a time, so the rules' row locks and `serialize(on:)` have nothing to add.
extension SQLiteDatabase: SQLConnection {
    public var dialect: SQLDialect { .sqlite }

    @discardableResult
    public func query(_ sql: String, _ args: [SQLValue]) throws -> SQLResult {
        let s = try prepare(sql)
        try s.bind(args.map(Self.value))
        let rows = try s.rows()
        let changed = changes
        s.reset()  // a finished statement holds no read snapshot while the connection idles
        return SQLResult(rows: rows, changes: changed)
    }

    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(immediate: true, body)
    }

    public func serialize(on name: String) throws {}

    /// Remembered until the connection goes back to its pool, where `SQLiteBackend` wakes this
    /// process's idle workers once the call that made the change has returned (committed).
    public func notifyClaimable() throws { claimableChanged = true }

    /// Remembered like `notifyClaimable`: `SQLiteBackend` tells this process's events streams.
    public func announceJobChange(_ id: String) throws { changedJobs.append(id) }

    private static func value(_ v: SQLValue) -> SQLiteStatement.Value {
        switch v {
        case .null: return .null
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .text(let s): return .text(s)
        case .bool(let b): return .int(b ? 1 : 0)
        }
    }
}
