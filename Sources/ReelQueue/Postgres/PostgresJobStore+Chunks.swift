/// Chunks of long jobs (`job_chunks`), claimed by any worker on any node like jobs
/// (`FOR UPDATE SKIP LOCKED`); a new chunk wakes idle workers everywhere (`NOTIFY`).
extension PostgresJobStore {
    public func addChunks(_ jobID: String, owner: String, frames: [Range<Int64>]) throws -> [JobChunk]? {
        try locked { db in
            try db.transaction {
                let r = try db.query("SELECT 1 FROM jobs WHERE id = $1 AND lease_owner = $2 AND status = 'running' FOR UPDATE",
                                     [.text(jobID), .text(owner)])
                guard r.first != nil else { return nil }
                let existing = try chunks(of: jobID, db)
                if !existing.isEmpty { return existing }
                for (i, f) in frames.enumerated() {
                    try db.query("INSERT INTO job_chunks (job_id, idx, frame_start, frame_end, status) VALUES ($1, $2, $3, $4, 'queued')",
                                 [.text(jobID), .int(Int64(i)), .int(f.lowerBound), .int(f.upperBound)])
                }
                try db.query("UPDATE jobs SET chunks = $1, updated_at = $2 WHERE id = $3", [.int(Int64(frames.count)), .int(now()), .text(jobID)])
                try notifyClaimable(db)
                return try chunks(of: jobID, db)
            }
        }
    }

    public func chunks(of jobID: String) throws -> [JobChunk] {
        try locked { db in try chunks(of: jobID, db) }
    }

    private func chunks(of jobID: String, _ db: PostgresConnection) throws -> [JobChunk] {
        let r = try db.query("SELECT job_id, idx, frame_start, frame_end, status, attempts, progress, error FROM job_chunks WHERE job_id = $1 ORDER BY idx",
                             [.text(jobID)])
        return try r.rows.map(Self.chunk)
    }

    static func chunk(_ r: PostgresRow) throws -> JobChunk {
        let start = try r.int64("frame_start")
        return JobChunk(jobID: try r.text("job_id"), index: try r.int("idx"), frames: start..<max(start, try r.int64("frame_end")),
                        status: JobChunk.Status(rawValue: try r.text("status")) ?? .failed, attempts: try r.int("attempts"),
                        progress: try r.double("progress"), error: try r.optionalText("error"))
    }

    public func claimChunk(owner: String, jobID: String?) throws -> JobChunk? {
        try locked { db in
            try db.transaction {
                while true {
                    let t = now()
                    let r = try db.query("""
                        SELECT c.job_id, c.idx, c.frame_start, c.frame_end, c.status, c.attempts, c.progress, c.error, j.max_attempts
                        FROM job_chunks c JOIN jobs j ON j.id = c.job_id
                        WHERE j.status = 'running' AND NOT j.cancel_requested AND ($1::text IS NULL OR c.job_id = $1::text)
                          AND (c.status = 'queued' OR (c.status = 'running' AND c.lease_expires < $2))
                        ORDER BY j.seq, c.idx LIMIT 1 FOR UPDATE OF c SKIP LOCKED
                        """, [jobID.map { .text($0) } ?? .null, .int(t)])
                    guard let row = r.first else { return nil }
                    let c = try Self.chunk(row)
                    let maxAttempts = try row.int("max_attempts")
                    if c.status == .running && c.attempts >= maxAttempts {
                        try db.query("""
                            UPDATE job_chunks SET status = 'failed', lease_owner = NULL, lease_expires = NULL, error = $1 WHERE job_id = $2 AND idx = $3
                            """, [.text("the chunk's render was interrupted \(c.attempts) times (its process stopped)"), .text(c.jobID), .int(Int64(c.index))])
                        continue
                    }
                    try db.query("""
                        UPDATE job_chunks SET status = 'running', attempts = attempts + 1, progress = 0, lease_owner = $1, lease_expires = $2
                        WHERE job_id = $3 AND idx = $4
                        """, [.text(owner), .int(t + leaseMillis), .text(c.jobID), .int(Int64(c.index))])
                    var claimed = c
                    claimed.status = .running
                    claimed.attempts += 1
                    claimed.progress = 0
                    return claimed
                }
            }
        }
    }

    public func heartbeatChunk(_ jobID: String, index: Int, owner: String, progress: Double) throws -> LeaseStatus {
        try locked { db in
            try db.transaction {
                let t = now()
                let u = try db.query("""
                    UPDATE job_chunks SET lease_expires = $1, progress = $2 WHERE job_id = $3 AND idx = $4 AND lease_owner = $5 AND status = 'running'
                    """, [.int(t + leaseMillis), .double(progress), .text(jobID), .int(Int64(index)), .text(owner)])
                guard u.changes == 1 else { return .lost }
                let r = try db.query("SELECT status, cancel_requested FROM jobs WHERE id = $1", [.text(jobID)])
                guard let row = r.first, try row.text("status") == "running" else { return .cancel }
                return try row.bool("cancel_requested") ? .cancel : .keepGoing
            }
        }
    }

    @discardableResult
    public func finishChunk(_ jobID: String, index: Int, owner: String, error: String?, retry: Bool) throws -> Bool {
        try locked { db in
            try db.transaction {
                let status = error == nil ? "done" : "failed"
                let r = try db.query("""
                    UPDATE job_chunks SET status = CASE WHEN $1::boolean AND attempts < (SELECT max_attempts FROM jobs WHERE id = job_id) THEN 'queued' ELSE $2::text END,
                    progress = CASE WHEN $2::text = 'done' THEN 1 ELSE progress END, lease_owner = NULL, lease_expires = NULL, error = $3
                    WHERE job_id = $4 AND idx = $5 AND lease_owner = $6 AND status = 'running'
                    """, [.bool(error != nil && retry), .text(status), error.map { .text($0) } ?? .null,
                          .text(jobID), .int(Int64(index)), .text(owner)])
                if r.changes == 1 && error != nil && retry { try notifyClaimable(db) }
                return r.changes == 1
            }
        }
    }

    public func releaseChunk(_ jobID: String, index: Int, owner: String) throws {
        try locked { db in
            try db.transaction {
                let r = try db.query("""
                    UPDATE job_chunks SET status = 'queued', attempts = GREATEST(0, attempts - 1), progress = 0, lease_owner = NULL, lease_expires = NULL
                    WHERE job_id = $1 AND idx = $2 AND lease_owner = $3 AND status = 'running'
                    """, [.text(jobID), .int(Int64(index)), .text(owner)])
                if r.changes == 1 { try notifyClaimable(db) }
            }
        }
    }
}
