import Foundation

/// Chunks of long jobs (`job_chunks`), claimed by any worker of this node like jobs.
extension SQLiteJobStore {
    public func addChunks(_ jobID: String, owner: String, frames: [Range<Int64>]) throws -> [JobChunk]? {
        try locked { db in
            try db.transaction {
                let s = try db.prepare("SELECT 1 FROM jobs WHERE id = ? AND lease_owner = ? AND status = 'running'")
                    .bind([.text(jobID), .text(owner)])
                guard try s.step() else { return nil }
                let existing = try chunks(of: jobID, db)
                if !existing.isEmpty { return existing }
                for (i, r) in frames.enumerated() {
                    try db.prepare("INSERT INTO job_chunks (job_id, idx, frame_start, frame_end, status) VALUES (?, ?, ?, ?, 'queued')")
                        .run([.text(jobID), .int(Int64(i)), .int(r.lowerBound), .int(r.upperBound)])
                }
                try db.prepare("UPDATE jobs SET chunks = ?, updated_at = ? WHERE id = ?").run([.int(Int64(frames.count)), .int(now()), .text(jobID)])
                return try chunks(of: jobID, db)
            }
        }
    }

    public func chunks(of jobID: String) throws -> [JobChunk] {
        try locked { db in try chunks(of: jobID, db) }
    }

    private func chunks(of jobID: String, _ db: SQLiteDatabase) throws -> [JobChunk] {
        let s = try db.prepare("SELECT \(Self.chunkColumns) FROM job_chunks WHERE job_id = ? ORDER BY idx").bind([.text(jobID)])
        var out: [JobChunk] = []
        while try s.step() { out.append(try Self.chunk(s)) }
        return out
    }

    static let chunkColumns = "job_id, idx, frame_start, frame_end, status, attempts, progress, error"

    static func chunk(_ s: SQLiteStatement) throws -> JobChunk {
        JobChunk(jobID: try s.text("job_id"), index: try s.int("idx"), frames: try s.int64("frame_start")..<max(try s.int64("frame_start"), try s.int64("frame_end")),
                 status: JobChunk.Status(rawValue: try s.text("status")) ?? .failed, attempts: try s.int("attempts"),
                 progress: try s.double("progress"), error: try s.optionalText("error"))
    }

    public func claimChunk(owner: String, jobID: String?) throws -> JobChunk? {
        try locked { db in
            try db.transaction {
                while true {
                    let t = now()
                    let s = try db.prepare("""
                        SELECT c.job_id, c.idx, c.frame_start, c.frame_end, c.status, c.attempts, c.progress, c.error, j.max_attempts
                        FROM job_chunks c JOIN jobs j ON j.id = c.job_id
                        WHERE j.status = 'running' AND j.cancel_requested = 0 AND (? IS NULL OR c.job_id = ?)
                          AND (c.status = 'queued' OR (c.status = 'running' AND c.lease_expires < ?))
                        ORDER BY j.rowid, c.idx LIMIT 1
                        """).bind([jobID.map { .text($0) } ?? .null, jobID.map { .text($0) } ?? .null, .int(t)])
                    guard try s.step() else { return nil }
                    let c = try Self.chunk(s)
                    let maxAttempts = try s.int("max_attempts")
                    if c.status == .running && c.attempts >= maxAttempts {
                        try db.prepare("""
                            UPDATE job_chunks SET status = 'failed', lease_owner = NULL, lease_expires = NULL, error = ? WHERE job_id = ? AND idx = ?
                            """).run([.text("the chunk's render was interrupted \(c.attempts) times (its process stopped)"), .text(c.jobID), .int(Int64(c.index))])
                        continue
                    }
                    try db.prepare("""
                        UPDATE job_chunks SET status = 'running', attempts = attempts + 1, progress = 0, lease_owner = ?, lease_expires = ?
                        WHERE job_id = ? AND idx = ?
                        """).run([.text(owner), .int(t + leaseMillis), .text(c.jobID), .int(Int64(c.index))])
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
                try db.prepare("""
                    UPDATE job_chunks SET lease_expires = ?, progress = ? WHERE job_id = ? AND idx = ? AND lease_owner = ? AND status = 'running'
                    """).run([.int(t + leaseMillis), .double(progress), .text(jobID), .int(Int64(index)), .text(owner)])
                guard db.changes == 1 else { return .lost }
                let s = try db.prepare("SELECT status, cancel_requested FROM jobs WHERE id = ?").bind([.text(jobID)])
                guard try s.step(), try s.text("status") == "running" else { return .cancel }
                return try s.int("cancel_requested") != 0 ? .cancel : .keepGoing
            }
        }
    }

    @discardableResult
    public func finishChunk(_ jobID: String, index: Int, owner: String, error: String?, retry: Bool) throws -> Bool {
        try locked { db in
            let status = error == nil ? "done" : "failed"
            try db.prepare("""
                UPDATE job_chunks SET status = CASE WHEN ? AND attempts < (SELECT max_attempts FROM jobs WHERE id = job_id) THEN 'queued' ELSE ? END,
                progress = CASE WHEN ? = 'done' THEN 1 ELSE progress END, lease_owner = NULL, lease_expires = NULL, error = ?
                WHERE job_id = ? AND idx = ? AND lease_owner = ? AND status = 'running'
                """).run([.int(error != nil && retry ? 1 : 0), .text(status), .text(status), error.map { .text($0) } ?? .null,
                          .text(jobID), .int(Int64(index)), .text(owner)])
            return db.changes == 1
        }
    }

    public func releaseChunk(_ jobID: String, index: Int, owner: String) throws {
        try locked { db in
            try db.prepare("""
                UPDATE job_chunks SET status = 'queued', attempts = MAX(0, attempts - 1), progress = 0, lease_owner = NULL, lease_expires = NULL
                WHERE job_id = ? AND idx = ? AND lease_owner = ? AND status = 'running'
                """).run([.text(jobID), .int(Int64(index)), .text(owner)])
        }
    }
}
