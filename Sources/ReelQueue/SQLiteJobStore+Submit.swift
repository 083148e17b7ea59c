extension SQLiteJobStore {
    /// Stores a validated spec as a queued job; durable (fsync'd) when this returns. The idempotency
    /// key, the key's quota and the uploads are checked in the same transaction as the insert.
    public func submit(_ sub: JobSubmission) throws -> SubmitResult {
        try locked { db in
            try db.transaction {
                if let key = sub.idempotencyKey {
                    let s = try db.prepare("SELECT \(JobStoreSchema.jobColumns), body_hash FROM jobs WHERE key_id = ? AND idempotency_key = ?")
                        .bind([.text(sub.keyID), .text(key)])
                    if try s.step() {
                        let job = try JobStoreSchema.job(s)
                        return try s.text("body_hash") == sub.bodyHash ? .existing(job) : .conflict(job)
                    }
                }
                if let limit = sub.activeLimit {
                    let s = try db.prepare("""
                        SELECT COUNT(*) AS active, MIN(CASE WHEN status = 'running' THEN eta END) AS soonest
                        FROM jobs WHERE key_id = ? AND status IN ('queued', 'running')
                        """).bind([.text(sub.keyID)])
                    _ = try s.step()
                    let active = try s.int("active")
                    if active >= limit { return .overQuota(active: active, soonestETA: try s.optionalDouble("soonest")) }
                }
                var missing: [String] = []
                for asset in sub.assets {
                    let s = try db.prepare("SELECT id FROM assets WHERE id = ? AND key_id = ?").bind([.text(asset), .text(sub.keyID)])
                    if try !s.step() { missing.append(asset) }
                }
                if !missing.isEmpty { return .assetsMissing(missing) }
                let id = "job_" + ULID.make(millis: now())
                let t = now()
                try db.prepare("""
                    INSERT INTO jobs (id, key_id, status, spec, body_hash, idempotency_key, max_attempts, created_at, updated_at,
                    webhook_url, webhook_events, template_id) VALUES (?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """).run([.text(id), .text(sub.keyID), .text(sub.spec), .text(sub.bodyHash), sub.idempotencyKey.map { .text($0) } ?? .null,
                              .int(Int64(maxAttempts)), .int(t), .int(t), sub.webhook.map { .text($0.url) } ?? .null,
                              sub.webhook.map { .text($0.events.joined(separator: ",")) } ?? .null,
                              sub.templateID.map { .text($0) } ?? .null])
                for asset in Set(sub.assets) {
                    try db.prepare("INSERT INTO job_assets (job_id, asset_id) VALUES (?, ?)").run([.text(id), .text(asset)])
                }
                return .created(try fetch(id, db)!)
            }
        }
    }
}
