extension PostgresJobStore {
    /// Takes the oldest runnable job: `FOR UPDATE SKIP LOCKED` passes over rows another worker is
    /// claiming right now, so workers on every node claim different jobs without waiting for
    /// each other. A job whose lease ran out after its last attempt (or that was cancelled while
    /// its worker was gone) ends instead, with the reason, and the next one is tried.
    public func claim(owner: String) throws -> Job? {
        var ended: [JobOutcomes.Outcome] = []
        let claimed: Job? = try locked { db in
            try db.transaction {
                ended = []
                while true {
                    let t = now()
                    let r = try db.query("""
                        SELECT \(PostgresSchema.jobColumns) FROM jobs
                        WHERE status = 'queued' OR (status = 'running' AND lease_expires < $1)
                        ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED
                        """, [.int(t)])
                    guard let row = r.first else { return nil }
                    let job = try PostgresSchema.job(row)
                    if job.status == .running && (job.attempts >= job.maxAttempts || job.cancelRequested) {
                        let (code, message) = job.cancelRequested
                            ? ("canceled", "canceled while its worker was gone")
                            : ("lease_expired", "the render was interrupted \(job.attempts) time\(job.attempts == 1 ? "" : "s") (its process stopped)"
                                + (job.error.map { "; last error: \($0.message)" } ?? ""))
                        try db.query("""
                            UPDATE jobs SET status = $1, error_code = $2, error_message = $3, lease_owner = NULL,
                            lease_expires = NULL, finished_at = $4, updated_at = $4 WHERE id = $5
                            """, [.text(job.cancelRequested ? "canceled" : "failed"), .text(code), .text(message), .int(t), .text(job.id)])
                        try enqueueEvent(job.cancelRequested ? "canceled" : "failed", jobID: job.id, db)
                        ended += [.leaseExpired, job.cancelRequested ? .canceled : .failed]
                        continue
                    }
                    if job.status == .running { ended.append(.leaseExpired) }
                    try db.query("""
                        UPDATE jobs SET status = 'running', attempts = attempts + 1, lease_owner = $1, lease_expires = $2,
                        progress = 0, eta = NULL, started_at = COALESCE(started_at, $3), updated_at = $3 WHERE id = $4
                        """, [.text(owner), .int(t + leaseMillis), .int(t), .text(job.id)])
                    return try fetch(job.id, db)
                }
            }
        }
        ended.forEach(outcomes.count)
        return claimed
    }

    /// Renews the lease and records progress; the cancel flag comes back in the same statement, so
    /// a cancel made through any node reaches the worker within a beat.
    public func heartbeat(_ id: String, owner: String, progress: Double, eta: Double?) throws -> LeaseStatus {
        try locked { db in
            try db.transaction {
                let t = now()
                let r = try db.query("""
                    UPDATE jobs SET lease_expires = $1, progress = $2, eta = $3, updated_at = $4
                    WHERE id = $5 AND lease_owner = $6 AND status = 'running' RETURNING cancel_requested
                    """, [.int(t + leaseMillis), .double(progress), eta.map { .double($0) } ?? .null, .int(t), .text(id), .text(owner)])
                guard let row = r.first else { return .lost }
                try enqueueProgress(jobID: id, at: t, db)
                return try row.bool("cancel_requested") ? .cancel : .keepGoing
            }
        }
    }

    @discardableResult
    public func complete(_ id: String, owner: String, output: JobOutput) throws -> Bool {
        try finish(id, owner: owner, status: "succeeded", error: nil, output: output)
    }

    @discardableResult
    public func fail(_ id: String, owner: String, error: JobError, retry: Bool) throws -> Bool {
        if retry {
            let requeued = try locked { db in
                try db.transaction {
                    let r = try db.query("""
                        UPDATE jobs SET status = 'queued', lease_owner = NULL, lease_expires = NULL, error_code = $1, error_message = $2,
                        updated_at = $3 WHERE id = $4 AND lease_owner = $5 AND status = 'running' AND attempts < max_attempts
                        """, [.text(error.code), .text(error.message), .int(now()), .text(id), .text(owner)])
                    if r.changes == 1 { try notifyClaimable(db) }
                    return r.changes == 1
                }
            }
            if requeued { outcomes.count(.retried); return true }
        }
        return try finish(id, owner: owner, status: "failed", error: error, output: nil)
    }

    @discardableResult
    public func markCanceled(_ id: String, owner: String) throws -> Bool {
        try finish(id, owner: owner, status: "canceled", error: JobError(code: "canceled", message: "canceled while rendering"), output: nil)
    }

    public func release(_ id: String, owner: String) throws {
        try locked { db in
            try db.transaction {
                let r = try db.query("""
                    UPDATE jobs SET status = 'queued', attempts = GREATEST(0, attempts - 1), lease_owner = NULL, lease_expires = NULL,
                    progress = 0, eta = NULL, updated_at = $1 WHERE id = $2 AND lease_owner = $3 AND status = 'running'
                    """, [.int(now()), .text(id), .text(owner)])
                if r.changes == 1 { try notifyClaimable(db) }
            }
        }
    }

    /// Ends a running job and writes its webhook event in the same transaction.
    private func finish(_ id: String, owner: String, status: String, error: JobError?, output: JobOutput?) throws -> Bool {
        let done: Bool = try locked { db in
            try db.transaction {
                let t = now()
                let r = try db.query("""
                    UPDATE jobs SET status = $1, progress = CASE WHEN $1 = 'succeeded' THEN 1 ELSE progress END, eta = NULL,
                    lease_owner = NULL, lease_expires = NULL, error_code = $2, error_message = $3,
                    output_path = $4, output_bytes = $5, output_duration = $6, output_sha256 = $7, output_content_type = $8,
                    output_copied_frames = $12, output_encoded_frames = $13,
                    finished_at = $9, updated_at = $9 WHERE id = $10 AND lease_owner = $11 AND status = 'running'
                    """, [.text(status), error.map { .text($0.code) } ?? .null, error.map { .text($0.message) } ?? .null,
                          output.map { .text($0.path) } ?? .null, output.map { .int($0.bytes) } ?? .null,
                          output.map { .text($0.duration) } ?? .null, output.map { .text($0.sha256) } ?? .null,
                          output.map { .text($0.contentType) } ?? .null, .int(t), .text(id), .text(owner),
                          output?.copiedFrames.map { .int($0) } ?? .null, output?.encodedFrames.map { .int($0) } ?? .null])
                guard r.changes == 1 else { return false }
                try enqueueEvent(status, jobID: id, db)
                return true
            }
        }
        if done, let outcome = JobOutcomes.Outcome(rawValue: status) { outcomes.count(outcome) }
        return done
    }

    public func expireOutputs(finishedBefore cutoff: Int64) throws -> [String] {
        try locked { db in
            let r = try db.query("""
                UPDATE jobs SET output_expired = true, updated_at = $1
                WHERE status = 'succeeded' AND output_expired = false AND finished_at < $2 RETURNING output_path
                """, [.int(now()), .int(cutoff)])
            return try r.rows.map { try $0.text("output_path") }
        }
    }
}
