extension PostgresJobStore {
    /// Inside a transaction that changed job `id`: the outbox row for `event` when the job's webhook
    /// asks for it, so the event and the change commit (or roll back) together.
    func enqueueEvent(_ event: String, jobID id: String, _ db: PostgresConnection) throws {
        guard let job = try fetch(id, db), let hook = job.webhook, hook.events.contains(event) else { return }
        let t = now()
        try db.query("""
            INSERT INTO webhook_deliveries (id, job_id, event, url, body, status, created_at, next_attempt_at)
            VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6)
            """, [.text("dlv_" + ULID.make(millis: t)), .text(id), .text(event), .text(hook.url), .text(webhookBody(job)), .int(t)])
    }

    /// Inside a heartbeat's transaction: a `progress` event at most every 5 s, when asked for.
    func enqueueProgress(jobID id: String, at t: Int64, _ db: PostgresConnection) throws {
        let r = try db.query("SELECT webhook_events, webhook_progress_at FROM jobs WHERE id = $1", [.text(id)])
        guard let row = r.first, let events = try row.optionalText("webhook_events"), events.split(separator: ",").contains("progress") else { return }
        if let last = try row.optionalInt("webhook_progress_at"), t - last < 5000 { return }
        try db.query("UPDATE jobs SET webhook_progress_at = $1 WHERE id = $2", [.int(t), .text(id)])
        try enqueueEvent("progress", jobID: id, db)
    }

    static let deliveryColumns = """
        id, job_id, event, url, body, status, attempts, last_status, last_error, created_at, next_attempt_at,
        last_attempt_at, finished_at
        """

    static func delivery(_ r: PostgresRow) throws -> WebhookDelivery {
        WebhookDelivery(id: try r.text("id"), jobID: try r.text("job_id"), event: try r.text("event"), url: try r.text("url"),
                        body: try r.text("body"), status: WebhookDelivery.Status(rawValue: try r.text("status")) ?? .failed,
                        attempts: try r.int("attempts"), lastStatus: try r.optionalInt("last_status").map { Int($0) },
                        lastError: try r.optionalText("last_error"), createdAt: try r.int64("created_at"),
                        nextAttemptAt: try r.optionalInt("next_attempt_at"), lastAttemptAt: try r.optionalInt("last_attempt_at"),
                        finishedAt: try r.optionalInt("finished_at"))
    }

    public func deliveries(jobID: String, limit: Int = 50) throws -> [WebhookDelivery] {
        try locked { db in
            let r = try db.query("""
                SELECT \(Self.deliveryColumns) FROM webhook_deliveries WHERE job_id = $1 ORDER BY seq DESC LIMIT $2
                """, [.text(jobID), .int(Int64(limit))])
            return try r.rows.map(Self.delivery).reversed()
        }
    }

    /// The advisory lock that makes claiming deliveries one node at a time: the per-job order
    /// ("none of a job whose earlier delivery is being sent") reads other rows than it locks.
    static let deliveryLock: Int64 = 0x7265_656C_0000_0002

    /// As `SQLiteJobStore.claimDeliveries`: at most one per job, in each job's order, whoever sends.
    public func claimDeliveries(by claimer: String, limit: Int, leaseMillis: Int64) throws -> [WebhookDelivery] {
        try locked { db in
            try db.transaction {
                try db.query("SELECT pg_advisory_xact_lock($1)", [.int(Self.deliveryLock)])
                let t = now()
                let r = try db.query("""
                    UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = $1, next_attempt_at = $1::bigint + $3::bigint,
                    claimed_by = $4 WHERE id IN (
                        SELECT d.id FROM webhook_deliveries AS d
                        WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND NOT EXISTS (
                            SELECT 1 FROM webhook_deliveries AS e WHERE e.job_id = d.job_id AND e.seq < d.seq
                            AND e.status = 'pending' AND (e.next_attempt_at <= $1 OR e.claimed_by IS NOT NULL))
                        ORDER BY d.seq LIMIT $2)
                    RETURNING \(Self.deliveryColumns), seq
                    """, [.int(t), .int(Int64(limit)), .int(leaseMillis), .text(claimer)])
                return try r.rows.sorted { try $0.int64("seq") < $1.int64("seq") }.map(Self.delivery)
            }
        }
    }

    public func recordDelivery(_ id: String, _ outcome: DeliveryOutcome) throws {
        try locked { db in
            let t = now()
            switch outcome {
            case .delivered(let status):
                try db.transaction {
                    try db.query("""
                        UPDATE webhook_deliveries SET status = 'delivered', last_status = $1, last_error = NULL, next_attempt_at = NULL,
                        finished_at = $2, claimed_by = NULL WHERE id = $3
                        """, [.int(Int64(status)), .int(t), .text(id)])
                    try db.query("""
                        DELETE FROM webhook_deliveries AS w WHERE w.event = 'progress' AND w.claimed_by IS NULL AND EXISTS (
                            SELECT 1 FROM webhook_deliveries AS l WHERE l.id = $1 AND l.event = 'progress'
                            AND l.job_id = w.job_id AND l.seq > w.seq)
                        """, [.text(id)])
                }
            case .retry(let failure, let next):
                try db.query("""
                    UPDATE webhook_deliveries SET last_status = $1, last_error = $2, next_attempt_at = $3, claimed_by = NULL WHERE id = $4
                    """, [failure.status.map { .int(Int64($0)) } ?? .null, .text(failure.description), .int(next), .text(id)])
            case .failed(let failure):
                try db.query("""
                    UPDATE webhook_deliveries SET status = 'failed', last_status = $1, last_error = $2, next_attempt_at = NULL,
                    finished_at = $3, claimed_by = NULL WHERE id = $4
                    """, [failure.status.map { .int(Int64($0)) } ?? .null, .text(failure.description), .int(t), .text(id)])
            }
        }
    }

    public func deliveryClaimers() throws -> [String] {
        try locked { db in
            try db.query("SELECT DISTINCT claimed_by FROM webhook_deliveries WHERE status = 'pending' AND claimed_by IS NOT NULL")
                .rows.map { try $0.text("claimed_by") }
        }
    }

    public func releaseDeliveries(claimedBy claimer: String) throws {
        try locked { db in
            try db.query("""
                UPDATE webhook_deliveries SET next_attempt_at = $1, claimed_by = NULL WHERE status = 'pending' AND claimed_by = $2
                """, [.int(now()), .text(claimer)])
        }
    }

    public func pruneDeliveries(finishedBefore cutoff: Int64? = nil) throws {
        try locked { db in
            try db.query("""
                DELETE FROM webhook_deliveries WHERE status != 'pending'
                AND (finished_at < $1 OR NOT EXISTS (SELECT 1 FROM jobs WHERE jobs.id = webhook_deliveries.job_id))
                """, [cutoff.map { .int($0) } ?? .null])
        }
    }
}
