extension SQLJobStore {
    /// Nodes silent this long are removed at the next heartbeat of any node.
    static let forgottenAfterMillis: Int64 = 3_600_000

    public func heartbeat(node id: String, workers: Int) throws {
        try write { db in
            let t = now()
            try db.query("""
                INSERT INTO nodes (id, workers, seen_at) VALUES (?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET workers = excluded.workers, seen_at = excluded.seen_at
                """, [.text(id), .int(Int64(workers)), .int(t)])
            try db.query("DELETE FROM nodes WHERE seen_at < ?", [.int(t - Self.forgottenAfterMillis)])
        }
    }

    public func liveWorkers(seenWithin seconds: Double) throws -> Int {
        try connected { db in
            let since = now() - Int64(seconds * 1000)
            return try db.query("SELECT COALESCE(SUM(workers), 0) AS n FROM nodes WHERE seen_at >= ?", [.int(since)]).first?.int("n") ?? 0
        }
    }

    public func forgetNode(_ id: String) throws {
        try write { db in _ = try db.query("DELETE FROM nodes WHERE id = ?", [.text(id)]) }
    }
}
