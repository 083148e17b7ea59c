/// Chunks of long jobs (`job_chunks`): each claimed by any worker on any node like a job, with a
/// lease and attempts of its own; a chunk that becomes claimable wakes idle workers everywhere.
extension SQLJobStore {
    /// Cuts the running job of `owner` into chunks of `frames` (the job's `chunks` becomes their
    /// count) unless an earlier attempt did, and returns the job's chunks; nil when the lease was lost.
    public func addChunks(_ jobID: String, owner: String, frames: [Range<Int64>], seconds: Int) throws -> [JobChunk]? {
        try write { db in
            guard try db.query("SELECT 1 AS held FROM jobs WHERE id = ? AND lease_owner = ? AND status = 'running'\(dialect.forUpdate)",
                               [.text(jobID), .text(owner)]).first != nil else { return nil }
            let existing = try chunks(of: jobID, db)
            if !existing.isEmpty { return existing }
            for (i, f) in frames.enumerated() {
                try db.query("INSERT INTO job_chunks (job_id, idx, frame_start, frame_end, status) VALUES (?, ?, ?, ?, 'queued')",
                             [.text(jobID), .int(Int64(i)), .int(f.lowerBound), .int(f.upperBound)])
            }
            try db.query("UPDATE jobs SET chunks = ?, chunk_seconds = ?, updated_at = ? WHERE id = ?",
                         [.int(Int64(frames.count)), .int(Int64(seconds)), .int(now()), .text(jobID)])
            try touched(jobID, db)
            try db.notifyClaimable()
            return try chunks(of: jobID, db)
        }
    }

    /// The job's chunks in order (none when it was not cut).
    public func chunks(of jobID: String) throws -> [JobChunk] {
        try connected { try chunks(of: jobID, $0) }
    }

    private func chunks(of jobID: String, _ db: any SQLConnection) throws -> [JobChunk] {
        try db.query("SELECT \(StoreRows.chunkColumns) FROM job_chunks AS c WHERE c.job_id = ? ORDER BY c.idx", [.text(jobID)])
            .rows.map(StoreRows.chunk)
    }

    /// Takes a chunk for `owner` (of job `jobID` only, when given): a queued one, or a running one
    /// whose lease ran out, of a running job not being cancelled, oldest job first. A chunk whose
    /// lease ran out after its last attempt fails instead.
    public func claimChunk(owner: String, jobID: String?) throws -> JobChunk? {
        try write { db in
            while true {
                let t = now()
                guard let row = try db.query("""
                    SELECT \(StoreRows.chunkColumns), j.max_attempts
                    FROM job_chunks AS c JOIN jobs AS j ON j.id = c.job_id
                    WHERE j.status = 'running' AND j.cancel_requested = false AND (CAST(? AS TEXT) IS NULL OR c.job_id = ?)
                      AND (c.status = 'queued' OR (c.status = 'running' AND c.lease_expires < ?))
                    ORDER BY j.\(dialect.sequence), c.idx LIMIT 1\(dialect.forUpdateOfSkipLocked("c"))
                    """, [.nullable(jobID), .nullable(jobID), .int(t)]).first else { return nil }
                let c = try StoreRows.chunk(row)
                if try c.status == .running && c.attempts >= row.int("max_attempts") {
                    try db.query("""
                        UPDATE job_chunks SET status = 'failed', lease_owner = NULL, lease_expires = NULL, error = ? WHERE job_id = ? AND idx = ?
                        """, [.text("the chunk's render was interrupted \(c.attempts) times (its process stopped)"), .text(c.jobID), .int(Int64(c.index))])
                    continue
                }
                try db.query("""
                    UPDATE job_chunks SET status = 'running', attempts = attempts + 1, progress = 0, lease_owner = ?, lease_expires = ?
                    WHERE job_id = ? AND idx = ?
                    """, [.text(owner), .int(t + leaseMillis), .text(c.jobID), .int(Int64(c.index))])
                var claimed = c
                claimed.status = .running
                claimed.attempts += 1
                claimed.progress = 0
                return claimed
            }
        }
    }

    /// Renews a chunk's lease and records its progress: `.cancel` once its job is cancelled or no
    /// longer running, `.lost` when another worker took the chunk.
    public func heartbeatChunk(_ jobID: String, index: Int, owner: String, progress: Double) throws -> LeaseStatus {
        try write { db in
            let t = now()
            let u = try db.query("""
                UPDATE job_chunks SET lease_expires = ?, progress = ? WHERE job_id = ? AND idx = ? AND lease_owner = ? AND status = 'running'
                """, [.int(t + leaseMillis), .double(progress), .text(jobID), .int(Int64(index)), .text(owner)])
            guard u.changes == 1 else { return .lost }
            guard let job = try db.query("SELECT status, cancel_requested FROM jobs WHERE id = ?", [.text(jobID)]).first,
                  try job.text("status") == "running" else { return .cancel }
            return try job.bool("cancel_requested") ? .cancel : .keepGoing
        }
    }

    /// Ends a chunk's attempt: done without `error`; with one, queued again while attempts remain
    /// and `retry`, else failed. False when the lease was lost meanwhile.
    @discardableResult
    public func finishChunk(_ jobID: String, index: Int, owner: String, error: String?, retry: Bool) throws -> Bool {
        try write { db in
            let requeue = error != nil && retry
            let r = try db.query("""
                UPDATE job_chunks SET
                status = CASE WHEN CAST(? AS BOOLEAN) AND attempts < (SELECT max_attempts FROM jobs WHERE id = job_id) THEN 'queued'
                              ELSE CAST(? AS TEXT) END,
                progress = CASE WHEN CAST(? AS BOOLEAN) THEN 1 ELSE progress END, lease_owner = NULL, lease_expires = NULL, error = ?
                WHERE job_id = ? AND idx = ? AND lease_owner = ? AND status = 'running'
                """, [.bool(requeue), .text(error == nil ? "done" : "failed"), .bool(error == nil), .nullable(error),
                      .text(jobID), .int(Int64(index)), .text(owner)])
            if r.changes == 1 && requeue { try db.notifyClaimable() }
            return r.changes == 1
        }
    }

    /// Queues done chunks of `owner`'s running job again, as never tried, because their pieces are
    /// gone (the joining worker found them missing): losing a piece is not the chunk's failure.
    /// False when the lease was lost.
    @discardableResult
    public func requeueChunks(_ jobID: String, owner: String, indices: [Int]) throws -> Bool {
        try write { db in
            guard try db.query("SELECT 1 AS held FROM jobs WHERE id = ? AND lease_owner = ? AND status = 'running'\(dialect.forUpdate)",
                               [.text(jobID), .text(owner)]).first != nil else { return false }
            for index in indices {
                try db.query("""
                    UPDATE job_chunks SET status = 'queued', attempts = 0, progress = 0, lease_owner = NULL, lease_expires = NULL,
                    error = NULL WHERE job_id = ? AND idx = ? AND status = 'done'
                    """, [.text(jobID), .int(Int64(index))])
            }
            try touched(jobID, db)
            try db.notifyClaimable()
            return true
        }
    }

    /// Gives a running chunk back without counting the attempt (shutdown, cancellation).
    public func releaseChunk(_ jobID: String, index: Int, owner: String) throws {
        try write { db in
            let r = try db.query("""
                UPDATE job_chunks SET status = 'queued', attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END, progress = 0,
                lease_owner = NULL, lease_expires = NULL
                WHERE job_id = ? AND idx = ? AND lease_owner = ? AND status = 'running'
                """, [.text(jobID), .int(Int64(index)), .text(owner)])
            if r.changes == 1 { try db.notifyClaimable() }
        }
    }
}
