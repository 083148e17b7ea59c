import CLibPQ

/// PostgreSQL as the store's rules use it: their `?` parameters become `$1…$n` once per statement
/// and connection, values travel as text, and the transactions are READ COMMITTED, so the rules'
/// `FOR UPDATE`/`SKIP LOCKED` (the dialect's) and `serialize(on:)` (an advisory lock) order what
/// must not interleave.
extension PostgresConnection: SQLConnection {
    public var dialect: SQLDialect { .postgres }

    @discardableResult
    public func query(_ sql: String, _ args: [SQLValue]) throws -> SQLResult {
        let result = try run(sql, args, preparing: { Self.numberingParameters(sql) })
        let columns = SQLColumns((0..<PQnfields(result.handle)).map { String(cString: PQfname(result.handle, $0)) })
        let width = Int32(columns.names.count)
        let rows = (0..<Int32(result.count)).map { r in
            SQLRow(columns: columns, values: (0..<width).map { c in SQLValue.nullable(result.value(r, c)) }, sql: sql)
        }
        return SQLResult(rows: rows, changes: result.changes)
    }

    /// A transaction-scoped advisory lock of `name`'s 64-bit hash: released at COMMIT or ROLLBACK.
    public func serialize(on name: String) throws {
        try run("SELECT pg_advisory_xact_lock($1)", [.int(Self.lockKey(name))])
    }

    /// `NOTIFY`, delivered to every node's listener when the transaction commits.
    public func notifyClaimable() throws {
        try run("SELECT pg_notify($1, '')", [.text(PostgresBackend.channel)])
    }

    /// `NOTIFY` with the job's id as the payload (PostgreSQL folds duplicates within a transaction).
    public func announceJobChange(_ id: String) throws {
        try run("SELECT pg_notify($1, $2)", [.text(PostgresBackend.changesChannel), .text(id)])
    }

    /// `sql` with each `?` outside a quoted literal or identifier replaced by `$1`, `$2`, … in order.
    /// The rules write no comments, dollar-quoted or `E'…'` strings, whose `?` this would number.
    static func numberingParameters(_ sql: String) -> String {
        var out = ""
        var n = 0
        var quote: Character?
        for ch in sql {
            if let q = quote {
                if ch == q { quote = nil }
                out.append(ch)
            } else if ch == "'" || ch == "\"" {
                quote = ch
                out.append(ch)
            } else if ch == "?" {
                n += 1
                out += "$\(n)"
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// A stable 64-bit key for a lock name (FNV-1a of "reel:" + name), the same on every node.
    static func lockKey(_ name: String) -> Int64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in ("reel:" + name).utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int64(bitPattern: h)
    }
}

extension SQLValue {
    /// The parameter's text form for PostgreSQL; nil for SQL NULL.
    var postgresText: String? {
        switch self {
        case .null: return nil
        case .int(let i): return String(i)
        case .double(let d): return "\(d)"
        case .text(let s): return s
        case .bool(let b): return b ? "t" : "f"
        }
    }
}
