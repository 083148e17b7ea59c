import Foundation

extension SQLiteJobStore {
    /// Inside a transaction that changed job `id`: writes the outbox row for `event` when the job's
    /// webhook asks for it, with the job's JSON as it is now, so the event and the change commit
    /// (or roll back) together.
    func enqueueEvent(_ event: String, jobID id: String, _ db: SQLiteDatabase) throws {
        guard let job = try fetch(id, db), let hook = job.webhook, hook.events.contains(event) else { return }
        let t = now()
        try db.prepare("""
            INSERT INTO webhook_deliveries (id, job_id, event, url, body, status, created_at, next_attempt_at)
            VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)
            """).run([.text("dlv_" + ULID.make(millis: t)), .text(id), .text(event), .text(hook.url), .text(webhookBody(job)),
                      .int(t), .int(t)])
    }

    /// Inside a heartbeat's transaction: a `progress` event when the job asks for them and the last
    /// one is at least 5 s old.
    func enqueueProgress(jobID id: String, at t: Int64, _ db: SQLiteDatabase) throws {
        let s = try db.prepare("SELECT webhook_events, webhook_progress_at FROM jobs WHERE id = ?").bind([.text(id)])
        guard try s.step(), let events = try s.optionalText("webhook_events"), events.split(separator: ",").contains("progress") else { return }
        if let last = try s.optionalInt("webhook_progress_at"), t - last < 5000 { return }
        try db.prepare("UPDATE jobs SET webhook_progress_at = ? WHERE id = ?").run([.int(t), .text(id)])
        try enqueueEvent("progress", jobID: id, db)
    }

    static let deliveryColumns = """
        id, job_id, event, url, body, status, attempts, last_status, last_error, created_at, next_attempt_at,
        last_attempt_at, finished_at
        """

    static func delivery(_ s: SQLiteStatement) throws -> WebhookDelivery {
        WebhookDelivery(id: try s.text("id"), jobID: try s.text("job_id"), event: try s.text("event"), url: try s.text("url"),
                        body: try s.text("body"), status: WebhookDelivery.Status(rawValue: try s.text("status")) ?? .failed,
                        attempts: try s.int("attempts"), lastStatus: try s.optionalInt("last_status").map { Int($0) },
                        lastError: try s.optionalText("last_error"), createdAt: try s.int64("created_at"),
                        nextAttemptAt: try s.optionalInt("next_attempt_at"), lastAttemptAt: try s.optionalInt("last_attempt_at"),
                        finishedAt: try s.optionalInt("finished_at"))
    }

    /// A job's deliveries, oldest first: the last `limit` of them.
    public func deliveries(jobID: String, limit: Int = 50) throws -> [WebhookDelivery] {
        try locked { db in
            let s = try db.prepare("""
                SELECT \(Self.deliveryColumns), rowid AS rowid FROM webhook_deliveries WHERE job_id = ? ORDER BY rowid DESC LIMIT ?
                """).bind([.text(jobID), .int(Int64(limit))])
            var out: [WebhookDelivery] = []
            while try s.step() { out.append(try Self.delivery(s)) }
            return out.reversed()
        }
    }

    /// Takes up to `limit` due deliveries, oldest first, for `claimer`: each counts an attempt and
    /// is not due again for `leaseMillis`, so a sender that dies mid-attempt is retried after that
    /// (or at once by `releaseDeliveries` when its process is known to be gone). At most one per
    /// job, and none of a job whose earlier delivery is due or claimed (being sent), so one job's
    /// events go out one after another in order, whoever sends them; an earlier one waiting for
    /// its retry does not hold the later ones back.
    public func claimDeliveries(by claimer: String, limit: Int, leaseMillis: Int64) throws -> [WebhookDelivery] {
        try locked { db in
            try db.transaction {
                let t = now()
                let s = try db.prepare("""
                    SELECT \(Self.deliveryColumns), rowid AS rowid FROM webhook_deliveries AS d
                    WHERE status = 'pending' AND next_attempt_at <= ?1 AND NOT EXISTS (
                        SELECT 1 FROM webhook_deliveries AS e WHERE e.job_id = d.job_id AND e.rowid < d.rowid
                        AND e.status = 'pending' AND (e.next_attempt_at <= ?1 OR e.claimed_by IS NOT NULL))
                    ORDER BY rowid LIMIT ?2
                    """).bind([.int(t), .int(Int64(limit))])
                var due: [WebhookDelivery] = []
                while try s.step() { due.append(try Self.delivery(s)) }
                for d in due {
                    try db.prepare("""
                        UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = ?, next_attempt_at = ?, claimed_by = ?
                        WHERE id = ?
                        """).run([.int(t), .int(t + leaseMillis), .text(claimer), .text(d.id)])
                }
                return due.map { var d = $0; d.attempts += 1; d.lastAttemptAt = t; return d }
            }
        }
    }

    /// Records an attempt's outcome. A delivered `progress` event supersedes the job's earlier
    /// progress events: they are deleted, unless being sent right now, so the history keeps the
    /// latest of each event and a retry never sends stale progress after newer.
    public func recordDelivery(_ id: String, _ outcome: DeliveryOutcome) throws {
        try locked { db in
            let t = now()
            switch outcome {
            case .delivered(let status):
                try db.transaction {
                    try db.prepare("""
                        UPDATE webhook_deliveries SET status = 'delivered', last_status = ?, last_error = NULL, next_attempt_at = NULL,
                        finished_at = ?, claimed_by = NULL WHERE id = ?
                        """).run([.int(Int64(status)), .int(t), .text(id)])
                    try db.prepare("""
                        DELETE FROM webhook_deliveries WHERE event = 'progress' AND claimed_by IS NULL AND EXISTS (
                            SELECT 1 FROM webhook_deliveries AS l WHERE l.id = ?1 AND l.event = 'progress'
                            AND l.job_id = webhook_deliveries.job_id AND l.rowid > webhook_deliveries.rowid)
                        """).run([.text(id)])
                }
            case .retry(let failure, let next):
                try db.prepare("""
                    UPDATE webhook_deliveries SET last_status = ?, last_error = ?, next_attempt_at = ?, claimed_by = NULL WHERE id = ?
                    """).run([failure.status.map { .int(Int64($0)) } ?? .null, .text(failure.description), .int(next), .text(id)])
            case .failed(let failure):
                try db.prepare("""
                    UPDATE webhook_deliveries SET status = 'failed', last_status = ?, last_error = ?, next_attempt_at = NULL,
                    finished_at = ?, claimed_by = NULL WHERE id = ?
                    """).run([failure.status.map { .int(Int64($0)) } ?? .null, .text(failure.description), .int(t), .text(id)])
            }
        }
    }

    /// The senders holding pending deliveries now.
    public func deliveryClaimers() throws -> [String] {
        try locked { db in
            let s = try db.prepare("SELECT DISTINCT claimed_by FROM webhook_deliveries WHERE status = 'pending' AND claimed_by IS NOT NULL")
            var out: [String] = []
            while try s.step() { out.append(try s.text("claimed_by")) }
            return out
        }
    }

    /// Makes the pending deliveries of a sender that is gone due at once.
    public func releaseDeliveries(claimedBy claimer: String) throws {
        try locked { db in
            try db.prepare("""
                UPDATE webhook_deliveries SET next_attempt_at = ?, claimed_by = NULL WHERE status = 'pending' AND claimed_by = ?
                """).run([.int(now()), .text(claimer)])
        }
    }

    /// Deletes finished (delivered or failed) deliveries whose job was deleted, and, with
    /// `finishedBefore` (ms), those that finished before it. Pending ones are never deleted.
    public func pruneDeliveries(finishedBefore cutoff: Int64? = nil) throws {
        try locked { db in
            try db.prepare("""
                DELETE FROM webhook_deliveries WHERE status != 'pending'
                AND (finished_at < ? OR NOT EXISTS (SELECT 1 FROM jobs WHERE jobs.id = job_id))
                """).run([cutoff.map { .int($0) } ?? .null])
        }
    }
}
