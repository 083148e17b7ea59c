import Foundation

extension SQLiteJobStore {
    /// Takes the oldest runnable job for `owner`: a queued one, or a running one whose lease ran
    /// out. A job whose lease ran out after its last attempt fails instead, with the reason.
    public func claim(owner: String) throws -> Job? {
        var ended: [JobOutcomes.Outcome] = []
        let claimed: Job? = try locked { db in
            try db.transaction {
                ended = []
                while true {
                    let t = now()
                    let s = try db.prepare("""
                        SELECT \(JobStoreSchema.jobColumns) FROM jobs
                        WHERE status = 'queued' OR (status = 'running' AND lease_expires < ?)
                        ORDER BY rowid LIMIT 1
                        """).bind([.int(t)])
                    guard try s.step() else { return nil }
                    let job = try JobStoreSchema.job(s)
                    if job.status == .running && (job.attempts >= job.maxAttempts || job.cancelRequested) {
                        let (code, message) = job.cancelRequested
                            ? ("canceled", "canceled while its worker was gone")
                            : ("lease_expired", "the render was interrupted \(job.attempts) time\(job.attempts == 1 ? "" : "s") (its process stopped)"
                                + (job.error.map { "; last error: \($0.message)" } ?? ""))
                        try db.prepare("""
                            UPDATE jobs SET status = ?, error_code = ?, error_message = ?, lease_owner = NULL,
                            lease_expires = NULL, finished_at = ?, updated_at = ? WHERE id = ?
                            """).run([.text(job.cancelRequested ? "canceled" : "failed"), .text(code), .text(message),
                                      .int(t), .int(t), .text(job.id)])
                        try enqueueEvent(job.cancelRequested ? "canceled" : "failed", jobID: job.id, db)
                        ended += [.leaseExpired, job.cancelRequested ? .canceled : .failed]
                        continue
                    }
                    if job.status == .running { ended.append(.leaseExpired) }
                    try db.prepare("""
                        UPDATE jobs SET status = 'running', attempts = attempts + 1, lease_owner = ?, lease_expires = ?,
                        progress = 0, eta = NULL, started_at = COALESCE(started_at, ?), updated_at = ? WHERE id = ?
                        """).run([.text(owner), .int(t + leaseMillis), .int(t), .int(t), .text(job.id)])
                    return try fetch(job.id, db)
                }
            }
        }
        ended.forEach(outcomes.count)
        return claimed
    }

    /// Renews the lease and records progress (with a `progress` webhook event at most every 5 s).
    public func heartbeat(_ id: String, owner: String, progress: Double, eta: Double?) throws -> LeaseStatus {
        try locked { db in
            try db.transaction {
                let t = now()
                try db.prepare("""
                    UPDATE jobs SET lease_expires = ?, progress = ?, eta = ?, updated_at = ?
                    WHERE id = ? AND lease_owner = ? AND status = 'running'
                    """).run([.int(t + leaseMillis), .double(progress), eta.map { .double($0) } ?? .null, .int(t), .text(id), .text(owner)])
                guard db.changes == 1 else { return .lost }
                try enqueueProgress(jobID: id, at: t, db)
                let s = try db.prepare("SELECT cancel_requested FROM jobs WHERE id = ?").bind([.text(id)])
                return try s.step() && s.int("cancel_requested") != 0 ? .cancel : .keepGoing
            }
        }
    }

    /// Records success. False when the lease was lost meanwhile (the output is then not recorded).
    @discardableResult
    public func complete(_ id: String, owner: String, output: JobOutput) throws -> Bool {
        try finish(id, owner: owner, status: "succeeded", error: nil, output: output)
    }

    /// Records a failure; with `retry`, the job is queued again while attempts remain.
    @discardableResult
    public func fail(_ id: String, owner: String, error: JobError, retry: Bool) throws -> Bool {
        if retry {
            let requeued = try locked { db in
                try db.prepare("""
                    UPDATE jobs SET status = 'queued', lease_owner = NULL, lease_expires = NULL, error_code = ?, error_message = ?,
                    updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running' AND attempts < max_attempts
                    """).run([.text(error.code), .text(error.message), .int(now()), .text(id), .text(owner)])
                return db.changes == 1
            }
            if requeued { outcomes.count(.retried); return true }
        }
        return try finish(id, owner: owner, status: "failed", error: error, output: nil)
    }

    /// Records that the worker stopped the job because the user cancelled it.
    @discardableResult
    public func markCanceled(_ id: String, owner: String) throws -> Bool {
        try finish(id, owner: owner, status: "canceled", error: JobError(code: "canceled", message: "canceled while rendering"), output: nil)
    }

    /// Gives a running job back to the queue without counting the attempt (graceful shutdown).
    public func release(_ id: String, owner: String) throws {
        try locked { db in
            try db.prepare("""
                UPDATE jobs SET status = 'queued', attempts = MAX(0, attempts - 1), lease_owner = NULL, lease_expires = NULL,
                progress = 0, eta = NULL, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running'
                """).run([.int(now()), .text(id), .text(owner)])
        }
    }

    /// Ends a running job and writes its webhook event in the same transaction.
    private func finish(_ id: String, owner: String, status: String, error: JobError?, output: JobOutput?) throws -> Bool {
        let done: Bool = try locked { db in
            try db.transaction {
                let t = now()
                try db.prepare("""
                    UPDATE jobs SET status = ?, progress = CASE WHEN ? = 'succeeded' THEN 1 ELSE progress END, eta = NULL,
                    lease_owner = NULL, lease_expires = NULL, error_code = ?, error_message = ?,
                    output_path = ?, output_bytes = ?, output_duration = ?, output_sha256 = ?, output_content_type = ?,
                    output_copied_frames = ?, output_encoded_frames = ?,
                    finished_at = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running'
                    """).run([.text(status), .text(status), error.map { .text($0.code) } ?? .null, error.map { .text($0.message) } ?? .null,
                              output.map { .text($0.path) } ?? .null, output.map { .int($0.bytes) } ?? .null,
                              output.map { .text($0.duration) } ?? .null, output.map { .text($0.sha256) } ?? .null,
                              output.map { .text($0.contentType) } ?? .null,
                              output?.copiedFrames.map { .int($0) } ?? .null, output?.encodedFrames.map { .int($0) } ?? .null,
                              .int(t), .int(t), .text(id), .text(owner)])
                guard db.changes == 1 else { return false }
                try enqueueEvent(status, jobID: id, db)
                return true
            }
        }
        if done, let outcome = JobOutcomes.Outcome(rawValue: status) { outcomes.count(outcome) }
        return done
    }

    /// Marks outputs finished before `cutoff` (ms) as expired and returns their paths for deletion.
    public func expireOutputs(finishedBefore cutoff: Int64) throws -> [String] {
        try locked { db in
            try db.transaction {
                let s = try db.prepare("""
                    SELECT output_path FROM jobs WHERE status = 'succeeded' AND output_expired = 0 AND finished_at < ?
                    """).bind([.int(cutoff)])
                var paths: [String] = []
                while try s.step() { paths.append(try s.text("output_path")) }
                try db.prepare("UPDATE jobs SET output_expired = 1, updated_at = ? WHERE status = 'succeeded' AND output_expired = 0 AND finished_at < ?")
                    .run([.int(now()), .int(cutoff)])
                return paths
            }
        }
    }
}
