/// The order of job changes: every rule that changes what the API shows of a job calls `touched`
/// in the same transaction, so the job's `change_seq` moves past every earlier change and events
/// streams on every node hear of it once the change commits.
extension SQLJobStore {
    /// Gives job `id` the next place in the order of changes and announces it.
    func touched(_ id: String, _ db: any SQLConnection) throws {
        try db.query("UPDATE jobs SET change_seq = \(dialect.nextChange) WHERE id = ?", [.text(id)])
        try db.announceJobChange(id)
    }

    public func startJobChanges(_ changed: @escaping @Sendable ([String]) -> Void) { backend.startJobChanges(changed) }
    public func stopJobChanges() { backend.stopJobChanges() }

    public func latestChange() throws -> Int64 {
        try connected { db in try db.query("SELECT COALESCE(MAX(change_seq), 0) AS latest FROM jobs").first?.int64("latest") ?? 0 }
    }

    public func jobsChanged(keyID: String?, after changeSeq: Int64, limit: Int) throws -> [Job] {
        try connected { db in
            var sql = "SELECT \(jobColumns) FROM jobs WHERE change_seq > ?"
            var args: [SQLValue] = [.int(changeSeq)]
            if let keyID { sql += " AND key_id = ?"; args.append(.text(keyID)) }
            sql += " ORDER BY change_seq LIMIT ?"
            args.append(.int(Int64(limit)))
            let rows = try db.query(sql, args).rows
            return try withDestinations(rows.map(StoreRows.job), counts: rows.map { try $0.int("output_destinations") }, db)
        }
    }
}
