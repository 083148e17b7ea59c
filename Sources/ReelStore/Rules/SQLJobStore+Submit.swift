extension SQLJobStore {
    /// Stores a validated spec as a queued job, durable when this returns. In one transaction:
    /// - the idempotency key: an earlier job under it is answered (the same body) or a conflict;
    ///   two nodes inserting the same key at once both reach the INSERT, the unique constraint lets
    ///   one row in, and the other's `ON CONFLICT DO NOTHING` then finds it;
    /// - the key's queued limit, counted with the key's submits serialised (`serialize(on:)`), so
    ///   two submits cannot both take the last place, nor a replay be refused for its own first place;
    /// - the uploads it names, read `FOR SHARE`, so a concurrent delete either waits or wins.
    public func submit(_ sub: JobSubmission) throws -> SubmitResult {
        try write { db in
            if sub.queuedLimit != nil { try db.serialize(on: "quota:" + sub.keyID) }
            if let key = sub.idempotencyKey, let earlier = try existing(key: key, sub, db) { return earlier }
            if let refusal = try overQueuedLimit(sub.keyID, adding: 1, limit: sub.queuedLimit, db) { return refusal }
            return try insertJob(sub, db)
        }
    }

    /// Inside a submit's transaction: `.overQuota` when `adding` more queued jobs would take the
    /// key past `limit` (nil: no limit), with the seconds until enough of its jobs should have left
    /// the queue at the rate its jobs ended over the last 10 minutes (30 s when none did).
    func overQueuedLimit(_ keyID: String, adding: Int, limit: Int?, _ db: any SQLConnection) throws -> SubmitResult? {
        guard let limit else { return nil }
        let queued = try db.query("SELECT COUNT(*) AS n FROM jobs WHERE key_id = ? AND status = 'queued'", [.text(keyID)]).first?.int("n") ?? 0
        guard queued + adding > limit else { return nil }
        let window: Int64 = 600_000
        let ended = try db.query("SELECT COUNT(*) AS n FROM jobs WHERE key_id = ? AND finished_at > ?",
                                 [.text(keyID), .int(now() - window)]).first?.int("n") ?? 0
        let excess = Double(queued + adding - limit)
        let retry = ended == 0 ? 30 : Int((excess / (Double(ended) / Double(window / 1000))).rounded(.up))
        return .overQuota(queued: queued, retryAfter: max(1, min(3600, retry)))
    }

    /// Inside a submit's transaction: inserts the job and its uploads' links (each upload must
    /// still be the key's), announces it, and answers it.
    func insertJob(_ sub: JobSubmission, _ db: any SQLConnection) throws -> SubmitResult {
        var missing: [String] = []
        for asset in sub.assets {
            let r = try db.query("SELECT id FROM assets WHERE id = ? AND key_id = ?\(dialect.forShare)",
                                 [.text(asset), .text(sub.keyID)])
            if r.first == nil { missing.append(asset) }
        }
        if !missing.isEmpty { return .assetsMissing(missing) }
        let t = now()
        let id = "job_" + ULID.make(millis: t)
        let inserted = try db.query("""
            INSERT INTO jobs (id, key_id, status, spec, body_hash, idempotency_key, max_attempts, created_at, updated_at,
            webhook_url, webhook_events, template_id, metadata, priority, batch_id) VALUES (?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (key_id, idempotency_key) DO NOTHING
            """, [.text(id), .text(sub.keyID), .text(sub.spec), .text(sub.bodyHash), .nullable(sub.idempotencyKey),
                  .int(Int64(maxAttempts)), .int(t), .int(t), .nullable(sub.webhook?.url),
                  .nullable(sub.webhook.map { $0.events.joined(separator: ",") }), .nullable(sub.templateID),
                  .nullable(sub.metadata), .int(Int64(sub.priority)), .nullable(sub.batchID)])
        if inserted.changes == 0 {
            // Another node's submit of the same key committed first: its job, or, if that job
            // was deleted in between, a busy answer (the client may retry with the same key).
            if let key = sub.idempotencyKey, let earlier = try existing(key: key, sub, db) { return earlier }
            throw StoreRaceError(message: "the job under this idempotency key changed during the submit")
        }
        for asset in Set(sub.assets) {
            try db.query("INSERT INTO job_assets (job_id, asset_id) VALUES (?, ?)", [.text(id), .text(asset)])
        }
        try db.notifyClaimable()
        try touched(id, db)
        guard let job = try fetch(id, db) else { throw StoreRaceError(message: "the job just inserted cannot be read back") }
        return .created(job)
    }

    /// The job already stored under the key's idempotency key: the same one, or a conflict.
    private func existing(key: String, _ sub: JobSubmission, _ db: any SQLConnection) throws -> SubmitResult? {
        let r = try db.query("SELECT \(jobColumns), body_hash FROM jobs WHERE key_id = ? AND idempotency_key = ?",
                             [.text(sub.keyID), .text(key)])
        guard let row = r.first else { return nil }
        let job = try withOutputs(StoreRows.job(row), row: row, db)
        return try row.text("body_hash") == sub.bodyHash ? .existing(job) : .conflict(job)
    }
}
