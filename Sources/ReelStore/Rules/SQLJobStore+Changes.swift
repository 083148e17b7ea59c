/// The order of job changes: every rule that changes what the API shows of a job calls `touched`
/// in its transaction; `write` numbers those jobs last thing before it commits, from a one-row
/// counter whose row lock (PostgreSQL; SQLite has one writer) is held until the commit, so the
/// numbers follow the order in which changes become visible — what a stream that resumes after a
/// number relies on — and no number is ever given twice. Taken last, after every row the
/// transaction locks, the counter adds no lock cycle. Once numbered, the changes are announced
/// (`announceJobChange`): events streams on every node hear of them when they commit.
extension SQLJobStore {
    /// Marks job `id` as changed by the transaction running on `db`.
    func touched(_ id: String, _ db: any SQLConnection) throws {
        db.touchedJobs.append(id)
    }

    /// Gives each job the transaction changed the next number in the order of changes, and
    /// announces it.
    func numberTouched(_ db: any SQLConnection) throws {
        var seen = Set<String>()
        let ids = db.touchedJobs.filter { seen.insert($0).inserted }
        guard !ids.isEmpty else { return }
        // The jobs' rows first (most are held already), in one order, then the counter: a
        // transaction holding the counter never waits for a row.
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        try db.query("SELECT id FROM jobs WHERE id IN (\(marks)) ORDER BY id\(dialect.forUpdate)", ids.map { .text($0) })
        let top = try db.query("UPDATE change_counter SET n = n + ? WHERE id = 1 RETURNING n", [.int(Int64(ids.count))]).first?.int64("n") ?? 0
        for (i, id) in ids.enumerated() {
            try db.query("UPDATE jobs SET change_seq = ? WHERE id = ?", [.int(top - Int64(ids.count - 1 - i)), .text(id)])
            try db.announceJobChange(id)
        }
    }

    public func startJobChanges(_ changed: @escaping @Sendable ([String]) -> Void) { backend.startJobChanges(changed) }
    public func stopJobChanges() { backend.stopJobChanges() }

    public func latestChange() throws -> Int64 {
        try connected { db in try db.query("SELECT n FROM change_counter WHERE id = 1").first?.int64("n") ?? 0 }
    }

    public func jobsChanged(keyID: String?, after changeSeq: Int64, limit: Int) throws -> [Job] {
        try connected { db in
            var sql = "SELECT \(jobColumns) FROM jobs WHERE change_seq > ?"
            var args: [SQLValue] = [.int(changeSeq)]
            if let keyID { sql += " AND key_id = ?"; args.append(.text(keyID)) }
            sql += " ORDER BY change_seq LIMIT ?"
            args.append(.int(Int64(limit)))
            let rows = try db.query(sql, args).rows
            return try withOutputs(rows.map(StoreRows.job), rows: rows, db)
        }
    }
}
