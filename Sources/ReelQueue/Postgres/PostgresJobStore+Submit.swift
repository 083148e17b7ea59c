extension PostgresJobStore {
    /// Stores a validated spec as a queued job, committed when this returns. Two nodes submitting
    /// the same idempotency key at once both reach the INSERT; the unique constraint lets one row
    /// in and the other's `ON CONFLICT DO NOTHING` then finds it. The quota is counted under an
    /// advisory lock of the key, so two submits of one key cannot both take the last place (nor a
    /// replay of an idempotency key be refused for the place its own first submit took); the
    /// uploads are read `FOR SHARE`, so a concurrent delete either waits for the job or wins.
    public func submit(_ sub: JobSubmission) throws -> SubmitResult {
        let result: SubmitResult = try locked { db in
            try db.transaction {
                // With a quota, the key's submits go one at a time from here: each then sees the
                // jobs (and idempotency keys) of the ones before it, as SQLite's write lock gives.
                if sub.activeLimit != nil {
                    try db.query("SELECT pg_advisory_xact_lock(hashtextextended('reel.quota:' || $1, 0))", [.text(sub.keyID)])
                }
                if let key = sub.idempotencyKey, let earlier = try existing(key: key, sub, db) { return earlier }
                if let limit = sub.activeLimit {
                    let r = try db.query("""
                        SELECT COUNT(*) AS active, MIN(CASE WHEN status = 'running' THEN eta END) AS soonest
                        FROM jobs WHERE key_id = $1 AND status IN ('queued', 'running')
                        """, [.text(sub.keyID)])
                    let active = try r.first?.int("active") ?? 0
                    if active >= limit { return .overQuota(active: active, soonestETA: try r.first?.optionalDouble("soonest")) }
                }
                var missing: [String] = []
                for asset in sub.assets {
                    let r = try db.query("SELECT id FROM assets WHERE id = $1 AND key_id = $2 FOR SHARE", [.text(asset), .text(sub.keyID)])
                    if r.count == 0 { missing.append(asset) }
                }
                if !missing.isEmpty { return .assetsMissing(missing) }
                let t = now()
                let id = "job_" + ULID.make(millis: t)
                let inserted = try db.query("""
                    INSERT INTO jobs (id, key_id, status, spec, body_hash, idempotency_key, max_attempts, created_at, updated_at,
                    webhook_url, webhook_events, template_id) VALUES ($1, $2, 'queued', $3, $4, $5, $6, $7, $7, $8, $9, $10)
                    ON CONFLICT (key_id, idempotency_key) DO NOTHING
                    """, [.text(id), .text(sub.keyID), .text(sub.spec), .text(sub.bodyHash), sub.idempotencyKey.map { .text($0) } ?? .null,
                          .int(Int64(maxAttempts)), .int(t), sub.webhook.map { .text($0.url) } ?? .null,
                          sub.webhook.map { .text($0.events.joined(separator: ",")) } ?? .null,
                          sub.templateID.map { .text($0) } ?? .null])
                if inserted.changes == 0 {
                    // Another node's submit of the same key committed first: its job, or, if that job
                    // was deleted in between, a busy answer (the client may retry with the same key).
                    if let key = sub.idempotencyKey, let earlier = try existing(key: key, sub, db) { return earlier }
                    throw PostgresError(sqlstate: "40001", message: "the job under this idempotency key changed during the submit",
                                        sql: "INSERT INTO jobs")
                }
                for asset in Set(sub.assets) {
                    try db.query("INSERT INTO job_assets (job_id, asset_id) VALUES ($1, $2)", [.text(id), .text(asset)])
                }
                try notifyClaimable(db)
                guard let job = try fetch(id, db) else {
                    throw PostgresError(sqlstate: "40001", message: "the job just inserted cannot be read back", sql: "SELECT FROM jobs")
                }
                return .created(job)
            }
        }
        return result
    }

    /// The job already stored under the key's idempotency key: the same one, or a conflict.
    private func existing(key: String, _ sub: JobSubmission, _ db: PostgresConnection) throws -> SubmitResult? {
        let r = try db.query("SELECT \(PostgresSchema.jobColumns), body_hash FROM jobs WHERE key_id = $1 AND idempotency_key = $2",
                             [.text(sub.keyID), .text(key)])
        guard let row = r.first else { return nil }
        let job = try PostgresSchema.job(row)
        return try row.text("body_hash") == sub.bodyHash ? .existing(job) : .conflict(job)
    }
}
