/// Batches (docs/API.md (batches)): every job of one created in one transaction, or none; cancelled and
/// deleted in one transaction by the same per-job rules as single jobs.
extension SQLJobStore {
    /// Why a batch's transaction was rolled back: the answer to give instead.
    private struct Refused: Error {
        let result: BatchResult
    }

    public func submitBatch(_ sub: BatchSubmission) throws -> BatchResult {
        do {
            return try write { db in
                try db.serialize(on: "quota:" + sub.keyID)
                if let key = sub.idempotencyKey, let earlier = try batchUnder(key: key, sub, db) { return earlier }
                if case .overQuota(let queued, let retry)? = try overQueuedLimit(sub.keyID, adding: sub.jobs.count, limit: sub.queuedLimit, db) {
                    return .overQuota(queued: queued, retryAfter: retry)
                }
                let t = now()
                let batch = Batch(id: "bat_" + ULID.make(millis: t), keyID: sub.keyID, jobs: sub.jobs.count,
                                  idempotencyKey: sub.idempotencyKey, createdAt: t, webhookURL: sub.webhookURL)
                try db.query("""
                    INSERT INTO batches (id, key_id, jobs, idempotency_key, body_hash, created_at, webhook_url) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.text(batch.id), .text(batch.keyID), .int(Int64(batch.jobs)), .nullable(batch.idempotencyKey),
                          .text(sub.bodyHash), .int(t), .nullable(sub.webhookURL)])
                var ids: [String] = []
                for (i, var job) in sub.jobs.enumerated() {
                    job.keyID = sub.keyID
                    job.batchID = batch.id
                    job.idempotencyKey = nil
                    switch try insertJob(job, db) {
                    case .created(let j): ids.append(j.id)
                    case .assetsMissing(let missing): throw Refused(result: .assetsMissing(index: i, missing))
                    default: throw StoreRaceError(message: "a batch's job was not created")
                    }
                }
                return .created(batch, jobIDs: ids)
            }
        } catch let refused as Refused {
            return refused.result
        }
    }

    /// The batch already stored under the key's idempotency key: the same one, or a conflict.
    private func batchUnder(key: String, _ sub: BatchSubmission, _ db: any SQLConnection) throws -> BatchResult? {
        guard let row = try db.query("SELECT \(Self.batchColumns), body_hash FROM batches WHERE key_id = ? AND idempotency_key = ?",
                                     [.text(sub.keyID), .text(key)]).first else { return nil }
        let batch = try Self.batch(row)
        guard try row.text("body_hash") == sub.bodyHash else { return .conflict(batch) }
        return .existing(batch, jobIDs: try jobIDs(ofBatch: batch.id, db))
    }

    private static let batchColumns = "id, key_id, jobs, idempotency_key, created_at, webhook_url"

    private static func batch(_ r: SQLRow) throws -> Batch {
        Batch(id: try r.text("id"), keyID: try r.text("key_id"), jobs: try r.int("jobs"),
              idempotencyKey: try r.optionalText("idempotency_key"), createdAt: try r.int64("created_at"),
              webhookURL: try r.optionalText("webhook_url"))
    }

    /// Inside the transaction that ended a job of batch `id` (its last event written): when none of
    /// the batch's jobs is left queued, running or with a copy to make, and the batch has a webhook
    /// not yet written, its `batch` event joins the outbox (under the batch's id, so its deliveries
    /// keep their own order). The batch's row is locked first, so of two jobs ending together the
    /// second sees the first ended and exactly one writes the event.
    func noteBatchEnd(_ id: String, _ db: any SQLConnection) throws {
        guard let row = try db.query("SELECT \(Self.batchColumns), webhook_sent FROM batches WHERE id = ?\(dialect.forUpdate)", [.text(id)]).first,
              try !row.bool("webhook_sent"), let url = try row.optionalText("webhook_url") else { return }
        let open = try db.query("""
            SELECT COUNT(*) AS n FROM jobs AS j WHERE j.batch_id = ? AND (j.status IN ('queued', 'running') OR EXISTS (
                SELECT 1 FROM output_destinations AS o WHERE o.job_id = j.id AND o.status = 'pending'))
            """, [.text(id)]).first?.int("n") ?? 0
        guard open == 0 else { return }
        let batch = try Self.batch(row)
        let t = now()
        try db.query("UPDATE batches SET webhook_sent = true WHERE id = ?", [.text(id)])
        try db.query("""
            INSERT INTO webhook_deliveries (id, job_id, event, url, body, status, created_at, next_attempt_at)
            VALUES (?, ?, 'batch', ?, ?, 'pending', ?, ?)
            """, [.text("dlv_" + ULID.make(millis: t)), .text(id), .text(url), .text(batchWebhookBody(batch, try batchProgress(id, db))), .int(t), .int(t)])
    }

    private func jobIDs(ofBatch id: String, _ db: any SQLConnection) throws -> [String] {
        try db.query("SELECT id FROM jobs WHERE batch_id = ? ORDER BY \(dialect.sequence)", [.text(id)]).rows.map { try $0.text("id") }
    }

    public func batch(_ id: String, keyID: String) throws -> Batch? {
        try connected { db in
            try db.query("SELECT \(Self.batchColumns) FROM batches WHERE id = ? AND key_id = ?",
                         [.text(id), .text(keyID)]).first.map(Self.batch)
        }
    }

    public func batchProgress(_ id: String) throws -> BatchProgress {
        try connected { try batchProgress(id, $0) }
    }

    private func batchProgress(_ id: String, _ db: any SQLConnection) throws -> BatchProgress {
        do {
            var counts: [Job.Status: Int] = [:]
            var sum = 0.0
            var firstStart: Int64?
            for r in try db.query("""
                SELECT status, COUNT(*) AS n, SUM(progress) AS progress, MIN(started_at) AS first_start
                FROM jobs WHERE batch_id = ? GROUP BY status
                """, [.text(id)]).rows {
                guard let status = Job.Status(rawValue: try r.text("status")) else { continue }
                let n = try r.int("n")
                counts[status] = n
                sum += status.isFinished ? Double(n) : (try r.optionalDouble("progress") ?? 0)
                if let s = try r.optionalInt("first_start") { firstStart = min(firstStart ?? s, s) }
            }
            return BatchProgress(counts: counts, progressSum: sum, firstStart: firstStart, jobIDs: try jobIDs(ofBatch: id, db))
        }
    }

    public func cancelBatch(_ id: String, keyID: String) throws -> [CancelResult]? {
        let results: [CancelResult]? = try write { db in
            // Not locked here: its jobs are locked first, as a job's end locks the job before the
            // batch (`noteBatchEnd`), so the two never wait for each other in a circle.
            guard try db.query("SELECT id FROM batches WHERE id = ? AND key_id = ?", [.text(id), .text(keyID)]).first != nil else { return nil }
            return try lockedJobs(ofBatch: id, db).map { try cancelLocked($0, db) }
        }
        for case .canceled in results ?? [] { outcomes.count(.canceled) }
        return results
    }

    public func deleteBatch(_ id: String, keyID: String) throws -> [JobDeletion]? {
        var canceled = 0
        let results: [JobDeletion]? = try write { db in
            canceled = 0
            guard try db.query("SELECT id FROM batches WHERE id = ? AND key_id = ?", [.text(id), .text(keyID)]).first != nil else { return nil }
            let deletions = try lockedJobs(ofBatch: id, db).map { job in
                let (deletion, endedNow) = try deleteLocked(job, db)
                if endedNow { canceled += 1 }
                return deletion
            }
            try db.query("DELETE FROM batches WHERE id = ?", [.text(id)])
            return deletions
        }
        for _ in 0..<canceled { outcomes.count(.canceled) }
        return results
    }

    /// The batch's jobs, each row locked, in the order they were submitted.
    private func lockedJobs(ofBatch id: String, _ db: any SQLConnection) throws -> [Job] {
        let rows = try db.query("SELECT \(jobColumns) FROM jobs WHERE batch_id = ? ORDER BY \(dialect.sequence)\(dialect.forUpdate)", [.text(id)]).rows
        return try withOutputs(rows.map(StoreRows.job), rows: rows, db)
    }
}
