extension SQLJobStore {
    /// Takes the next job for `owner`. First a running job whose lease ran out (its process died),
    /// the longest expired first; one that ran out after its last attempt (or with a cancel asked
    /// for) ends instead, with the reason, and the next is tried. Then a queued job, fairly across
    /// keys: the keys with queued jobs take turns — the key whose last claim is the oldest goes
    /// first, a key never claimed ahead of all (`key_turns`) — passing over a key at its running
    /// limit (`runningPerKey`); within the key, the best priority, then the oldest. Every step is an
    /// index seek: the keys with queued jobs are found by a recursive query that seeks from one key
    /// to the next (`jobs_queue`), and the key's best job is the first entry of its part of the
    /// same index, so a claim costs O(K log n) for K keys with queued jobs, however long the queue.
    /// Rows another worker is claiming right now are passed over (`SKIP LOCKED` where several nodes
    /// share the store); claimers on several nodes at once may both take a turn of one key.
    public func claim(owner: String) throws -> Job? {
        var ended: [JobOutcomes.Outcome] = []
        let claimed: Job? = try write { db in
            ended = []
            let t = now()
            while let row = try db.query("""
                SELECT \(jobColumns) FROM jobs WHERE status = 'running' AND lease_expires < ?
                ORDER BY lease_expires LIMIT 1\(dialect.forUpdateSkipLocked)
                """, [.int(t)]).first {
                let job = try StoreRows.job(row)
                if job.attempts >= job.maxAttempts || job.cancelRequested {
                    let (status, code, message) = job.cancelRequested
                        ? ("canceled", JobError.Code.canceled, "canceled while its worker was gone")
                        : ("failed", .leaseExpired, "the render was interrupted \(job.attempts) time\(job.attempts == 1 ? "" : "s") (its process stopped)"
                            + (job.error.map { "; last error: \($0.message)" } ?? ""))
                    try db.query("""
                        UPDATE jobs SET status = ?, error_code = ?, error_message = ?, lease_owner = NULL,
                        lease_expires = NULL, finished_at = ?, updated_at = ? WHERE id = ?
                        """, [.text(status), .text(code.rawValue), .text(message), .int(t), .int(t), .text(job.id)])
                    try enqueueEvent(status, jobID: job.id, db)
                    try touched(job.id, db)
                    ended += [.leaseExpired, job.cancelRequested ? .canceled : .failed]
                    continue
                }
                ended.append(.leaseExpired)
                return try start(job.id, owner: owner, at: t, db)
            }
            for key in try keysInTurn(db) {
                if runningPerKey > 0, try db.query("SELECT COUNT(*) AS n FROM jobs WHERE key_id = ? AND status = 'running'",
                                                   [.text(key)]).first?.int("n") ?? 0 >= runningPerKey { continue }
                guard let row = try db.query("""
                    SELECT id FROM jobs WHERE status = 'queued' AND key_id = ?
                    ORDER BY priority, \(dialect.sequence) LIMIT 1\(dialect.forUpdateSkipLocked)
                    """, [.text(key)]).first else { continue }
                try db.query("""
                    INSERT INTO key_turns (key_id, turn) VALUES (?, (SELECT COALESCE(MAX(turn), 0) + 1 FROM key_turns))
                    ON CONFLICT (key_id) DO UPDATE SET turn = excluded.turn
                    """, [.text(key)])
                return try start(try row.text("id"), owner: owner, at: t, db)
            }
            return nil
        }
        ended.forEach(outcomes.count)
        return claimed
    }

    /// The keys with queued jobs, the one whose turn is next first: each found from the last by
    /// one seek of `jobs_queue` (a loose index scan, which neither database does by itself).
    private func keysInTurn(_ db: any SQLConnection) throws -> [String] {
        try db.query("""
            WITH RECURSIVE queued (key_id) AS (
                SELECT (SELECT key_id FROM jobs WHERE status = 'queued' ORDER BY key_id LIMIT 1)
                UNION ALL
                SELECT (SELECT j.key_id FROM jobs AS j WHERE j.status = 'queued' AND j.key_id > q.key_id ORDER BY j.key_id LIMIT 1)
                FROM queued AS q WHERE q.key_id IS NOT NULL
            )
            SELECT q.key_id AS key_id, COALESCE(t.turn, 0) AS turn FROM queued AS q LEFT JOIN key_turns AS t ON t.key_id = q.key_id
            WHERE q.key_id IS NOT NULL ORDER BY turn, q.key_id
            """).rows.map { try $0.text("key_id") }
    }

    /// Gives the job to `owner` for one more attempt, leased from `t`.
    private func start(_ id: String, owner: String, at t: Int64, _ db: any SQLConnection) throws -> Job? {
        try db.query("""
            UPDATE jobs SET status = 'running', attempts = attempts + 1, lease_owner = ?, lease_expires = ?,
            progress = 0, eta = NULL, started_at = COALESCE(started_at, ?), updated_at = ? WHERE id = ?
            """, [.text(owner), .int(t + leaseMillis), .int(t), .int(t), .text(id)])
        try touched(id, db)
        return try fetch(id, db)
    }

    /// Renews the lease and records progress (with a `progress` webhook event at most every 5 s);
    /// the cancel flag comes back in the same statement, so a cancel made through any node reaches
    /// the worker within a beat.
    public func heartbeat(_ id: String, owner: String, progress: Double, eta: Double?) throws -> LeaseStatus {
        try write { db in
            let t = now()
            guard let row = try db.query("""
                UPDATE jobs SET lease_expires = ?, progress = ?, eta = ?, updated_at = ?
                WHERE id = ? AND lease_owner = ? AND status = 'running' RETURNING cancel_requested
                """, [.int(t + leaseMillis), .double(progress), eta.map { .double($0) } ?? .null, .int(t), .text(id), .text(owner)])
                .first else { return .lost }
            try enqueueProgress(jobID: id, at: t, db)
            try touched(id, db)
            return try row.bool("cancel_requested") ? .cancel : .keepGoing
        }
    }

    /// Records success. False when the lease was lost meanwhile, or a cancel was asked for before
    /// this commit (the job then ends `canceled`, as the cancel's 202 promised): the output is not
    /// recorded, and the caller removes it.
    @discardableResult
    public func complete(_ id: String, owner: String, outputs: [JobOutput]) throws -> Bool {
        try finish(id, owner: owner, status: .succeeded, error: nil, outputs: outputs)
    }

    /// Records a failure; with `retry`, the job is queued again while attempts remain.
    @discardableResult
    public func fail(_ id: String, owner: String, error: JobError, retry: Bool) throws -> Bool {
        if retry {
            let requeued = try write { db in
                let r = try db.query("""
                    UPDATE jobs SET status = 'queued', lease_owner = NULL, lease_expires = NULL, error_code = ?, error_message = ?,
                    updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running' AND attempts < max_attempts
                    AND cancel_requested = false
                    """, [.text(error.code.rawValue), .text(error.message), .int(now()), .text(id), .text(owner)])
                if r.changes == 1 {
                    try db.notifyClaimable()
                    try touched(id, db)
                }
                return r.changes == 1
            }
            if requeued { outcomes.count(.retried); return true }
        }
        return try finish(id, owner: owner, status: .failed, error: error, outputs: [])
    }

    /// Records that the worker stopped the job because the user cancelled it.
    @discardableResult
    public func markCanceled(_ id: String, owner: String) throws -> Bool {
        try finish(id, owner: owner, status: .canceled, error: JobError(code: .canceled, message: "canceled while rendering"), outputs: [])
    }

    /// Gives a running job back to the queue without counting the attempt (graceful shutdown).
    public func release(_ id: String, owner: String) throws {
        try write { db in
            let r = try db.query("""
                UPDATE jobs SET status = 'queued', attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END,
                lease_owner = NULL, lease_expires = NULL, progress = 0, eta = NULL, updated_at = ?
                WHERE id = ? AND lease_owner = ? AND status = 'running'
                """, [.int(now()), .text(id), .text(owner)])
            if r.changes == 1 {
                try db.notifyClaimable()
                try touched(id, db)
            }
        }
    }

    /// Ends a running job and writes its webhook event in the same transaction; an output with
    /// destinations writes them instead, and its `succeeded` event waits for them
    /// (`SQLJobStore+Destinations`). A job whose cancel was asked for ends `canceled` whatever its
    /// render came to (the cancel's row lock orders the two: a cancel after this commit finds the
    /// job finished and answers 409), and the call answers false. The one output (no name) goes in
    /// the job's row; named outputs in `job_outputs`.
    private func finish(_ id: String, owner: String, status: JobOutcomes.Outcome, error: JobError?, outputs: [JobOutput]) throws -> Bool {
        let output = outputs.count == 1 && outputs[0].name == nil ? outputs[0] : nil
        let named = output == nil ? outputs : []
        let destinations = outputs.flatMap(\.destinations)
        var canceledInstead = false
        let done: Bool = try write { db in
            let t = now()
            canceledInstead = false
            // The row is locked first (PostgreSQL's READ COMMITTED would otherwise let a cancel
            // commit between the two statements below), so a cancel either came before and wins,
            // or waits and then finds the job finished.
            guard let current = try fetch(id, db, forUpdate: true) else { return false }
            if status != .canceled, current.cancelRequested {
                let c = try db.query("""
                    UPDATE jobs SET status = 'canceled', eta = NULL, lease_owner = NULL, lease_expires = NULL, error_code = ?,
                    error_message = ?, finished_at = ?, updated_at = ?
                    WHERE id = ? AND lease_owner = ? AND status = 'running' AND cancel_requested = true
                    """, [.text(JobError.Code.canceled.rawValue), .text("canceled while rendering"), .int(t), .int(t), .text(id), .text(owner)])
                if c.changes == 1 {
                    try enqueueEvent("canceled", jobID: id, db)
                    try touched(id, db)
                    canceledInstead = true
                    return false
                }
            }
            let r = try db.query("""
                UPDATE jobs SET status = ?, progress = CASE WHEN CAST(? AS BOOLEAN) THEN 1 ELSE progress END, eta = NULL,
                lease_owner = NULL, lease_expires = NULL, error_code = ?, error_message = ?,
                output_path = ?, output_bytes = ?, output_duration = ?, output_sha256 = ?, output_content_type = ?,
                output_copied_frames = ?, output_encoded_frames = ?, output_loudness = ?, output_first_segment_seconds = ?, output_destinations = ?,
                output_count = ?, finished_at = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running'
                """, [.text(status.rawValue), .bool(status == .succeeded), .nullable(error?.code.rawValue), .nullable(error?.message),
                      .nullable(output?.path), .nullable(output?.bytes), .nullable(output?.duration), .nullable(output?.sha256),
                      .nullable(output?.contentType), .nullable(output?.copiedFrames), .nullable(output?.encodedFrames),
                      .nullable(output?.loudness?.stored), .nullable(output?.firstSegmentSeconds),
                      .int(Int64(destinations.count)), .int(Int64(named.count)), .int(t), .int(t), .text(id), .text(owner)])
            guard r.changes == 1 else { return false }
            try touched(id, db)
            try insertOutputs(named, jobID: id, db)
            if destinations.isEmpty {
                try enqueueEvent(status.rawValue, jobID: id, db)
            } else {
                try insertDestinations(of: outputs, jobID: id, at: t, db)
            }
            return true
        }
        if done { outcomes.count(status) }
        if canceledInstead { outcomes.count(.canceled) }
        return done
    }

    /// Marks outputs finished before `cutoff` (ms) as expired and returns their paths for deletion
    /// (a job's one output, or each of its named ones); a job with an output still being copied to
    /// a destination keeps them all until the copies end.
    public func expireOutputs(finishedBefore cutoff: Int64) throws -> [String] {
        try write { db in
            try db.query("""
                UPDATE jobs SET output_expired = true, updated_at = ?
                WHERE status = 'succeeded' AND output_expired = false AND finished_at < ? AND NOT EXISTS (
                    SELECT 1 FROM output_destinations AS o WHERE o.job_id = jobs.id AND o.status = 'pending')
                RETURNING id, output_path, output_count
                """, [.int(now()), .int(cutoff)]).rows.flatMap { row in
                    let id = try row.text("id")
                    try touched(id, db)
                    let named = try row.int("output_count") > 0 ? try expireNamedOutputs(jobID: id, db) : []
                    return try row.optionalText("output_path").map { [$0] } ?? named
                }
        }
    }
}
