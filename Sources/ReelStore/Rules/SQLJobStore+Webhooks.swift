/// The webhook outbox: each delivery row is written in the transaction that changes its job, and a
/// sender on any node claims it, retrying with the same id until a 2xx or its schedule ends.
extension SQLJobStore {
    /// Inside a transaction that changed job `id`: writes the outbox row for `event` when the job's
    /// webhook asks for it, with the job's JSON as it is now, so the event and the change commit
    /// (or roll back) together.
    func enqueueEvent(_ event: String, jobID id: String, _ db: any SQLConnection) throws {
        guard let job = try fetch(id, db) else { return }
        // An end: the last of a batch's jobs ending ends the batch.
        if event != "progress", let batch = job.batchID { try noteBatchEnd(batch, db) }
        guard let hook = job.webhook, hook.events.contains(event) else { return }
        let t = now()
        try db.query("""
            INSERT INTO webhook_deliveries (id, job_id, event, url, body, status, created_at, next_attempt_at)
            VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)
            """, [.text("dlv_" + ULID.make(millis: t)), .text(id), .text(event), .text(hook.url), .text(webhookBody(job)), .int(t), .int(t)])
    }

    /// Inside a heartbeat's transaction: a `progress` event when the job asks for them and the last
    /// one is at least 5 s old.
    func enqueueProgress(jobID id: String, at t: Int64, _ db: any SQLConnection) throws {
        guard let row = try db.query("SELECT webhook_events, webhook_progress_at FROM jobs WHERE id = ?", [.text(id)]).first,
              let events = try row.optionalText("webhook_events"), events.split(separator: ",").contains("progress") else { return }
        if let last = try row.optionalInt("webhook_progress_at"), t - last < 5000 { return }
        try db.query("UPDATE jobs SET webhook_progress_at = ? WHERE id = ?", [.int(t), .text(id)])
        try enqueueEvent("progress", jobID: id, db)
    }

    /// A job's deliveries, oldest first: the last `limit` of them.
    public func deliveries(jobID: String, limit: Int = 50) throws -> [WebhookDelivery] {
        try connected { db in
            try db.query("""
                SELECT \(StoreRows.deliveryColumns(dialect)) FROM webhook_deliveries WHERE job_id = ? ORDER BY \(dialect.sequence) DESC LIMIT ?
                """, [.text(jobID), .int(Int64(limit))]).rows.map(StoreRows.delivery).reversed()
        }
    }

    /// Takes up to `limit` due deliveries, oldest first, for `claimer`: each counts an attempt and
    /// is not due again for `leaseMillis`, so a sender that dies mid-attempt is retried after that
    /// (or at once by `releaseDeliveries` when its process is known to be gone). At most one per
    /// job, and none of a job whose earlier delivery is due or claimed (being sent), so one job's
    /// events go out one after another in order, whoever sends them; an earlier one waiting for
    /// its retry does not hold the later ones back. That rule reads other rows than it changes, so
    /// claims are serialised (`serialize(on:)`) rather than left to row locks.
    public func claimDeliveries(by claimer: String, limit: Int, leaseMillis: Int64) throws -> [WebhookDelivery] {
        try write { db in
            try db.serialize(on: "webhook-deliveries")
            let t = now()
            let seq = dialect.sequence
            let rows = try db.query("""
                UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = ?, next_attempt_at = ?, claimed_by = ?
                WHERE id IN (
                    SELECT d.id FROM webhook_deliveries AS d
                    WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND NOT EXISTS (
                        SELECT 1 FROM webhook_deliveries AS e WHERE e.job_id = d.job_id AND e.\(seq) < d.\(seq)
                        AND e.status = 'pending' AND (e.next_attempt_at <= ? OR e.claimed_by IS NOT NULL))
                    ORDER BY d.\(seq) LIMIT ?)
                RETURNING \(StoreRows.deliveryColumns(dialect))
                """, [.int(t), .int(t + leaseMillis), .text(claimer), .int(t), .int(t), .int(Int64(limit))]).rows
            return try rows.sorted { try $0.int64("seq") < $1.int64("seq") }.map(StoreRows.delivery)
        }
    }

    /// Records an attempt's outcome. A delivered `progress` event supersedes the job's earlier
    /// progress events: they are deleted, unless being sent right now, so the history keeps the
    /// latest of each event and a retry never sends stale progress after newer.
    public func recordDelivery(_ id: String, _ outcome: DeliveryOutcome) throws {
        try write { db in
            let t = now()
            switch outcome {
            case .delivered(let status):
                try db.query("""
                    UPDATE webhook_deliveries SET status = 'delivered', last_status = ?, last_error = NULL, next_attempt_at = NULL,
                    finished_at = ?, claimed_by = NULL WHERE id = ?
                    """, [.int(Int64(status)), .int(t), .text(id)])
                try db.query("""
                    DELETE FROM webhook_deliveries WHERE event = 'progress' AND claimed_by IS NULL AND EXISTS (
                        SELECT 1 FROM webhook_deliveries AS l WHERE l.id = ? AND l.event = 'progress'
                        AND l.job_id = webhook_deliveries.job_id AND l.\(dialect.sequence) > webhook_deliveries.\(dialect.sequence))
                    """, [.text(id)])
            case .retry(let failure, let next):
                try db.query("""
                    UPDATE webhook_deliveries SET last_status = ?, last_error = ?, next_attempt_at = ?, claimed_by = NULL WHERE id = ?
                    """, [.nullable(failure.status), .text(failure.description), .int(next), .text(id)])
            case .failed(let failure):
                try db.query("""
                    UPDATE webhook_deliveries SET status = 'failed', last_status = ?, last_error = ?, next_attempt_at = NULL,
                    finished_at = ?, claimed_by = NULL WHERE id = ?
                    """, [.nullable(failure.status), .text(failure.description), .int(t), .text(id)])
            }
        }
    }

    /// The senders holding pending deliveries now.
    public func deliveryClaimers() throws -> [String] { try claimers(of: "webhook_deliveries") }

    /// Makes the pending deliveries of a sender that is gone due at once.
    public func releaseDeliveries(claimedBy claimer: String) throws { try release(claimer, of: "webhook_deliveries") }

    /// The claimers holding pending rows of an outbox table now (`webhook_deliveries`,
    /// `output_destinations`: both claim with `status`, `claimed_by` and `next_attempt_at`).
    func claimers(of table: String) throws -> [String] {
        try connected { db in
            try db.query("SELECT DISTINCT claimed_by FROM \(table) WHERE status = 'pending' AND claimed_by IS NOT NULL")
                .rows.map { try $0.text("claimed_by") }
        }
    }

    /// Makes the pending rows of an outbox table that `claimer` holds due at once.
    func release(_ claimer: String, of table: String) throws {
        try connected { db in
            try db.query("UPDATE \(table) SET next_attempt_at = ?, claimed_by = NULL WHERE status = 'pending' AND claimed_by = ?",
                         [.int(now()), .text(claimer)])
        }
    }

    /// Deletes finished (delivered or failed) deliveries whose job was deleted, and, with
    /// `finishedBefore` (ms), those that finished before it. Pending ones are never deleted.
    public func pruneDeliveries(finishedBefore cutoff: Int64? = nil) throws {
        try connected { db in
            try db.query("""
                DELETE FROM webhook_deliveries WHERE status != 'pending'
                AND (finished_at < ? OR NOT EXISTS (SELECT 1 FROM jobs WHERE jobs.id = webhook_deliveries.job_id))
                """, [.nullable(cutoff)])
        }
    }
}
