extension SQLJobStore {
    /// Cancels a job of `keyID` (nil: of any key). A queued job ends at once; a running one is
    /// flagged, and its worker stops at its next heartbeat. The row is locked first, so a worker's
    /// claim or finish and this cancel happen one after the other.
    public func cancel(_ id: String, keyID: String? = nil) throws -> CancelResult {
        let result: CancelResult = try write { db in
            guard let job = try fetch(id, db, forUpdate: true), keyID == nil || job.keyID == keyID else { return .notFound }
            return try cancelLocked(job, db)
        }
        if case .canceled = result { outcomes.count(.canceled) }
        return result
    }

    /// Inside a transaction, with `job`'s row locked: cancels it.
    func cancelLocked(_ job: Job, _ db: any SQLConnection) throws -> CancelResult {
        if job.status.isFinished { return .alreadyFinished(job) }
        if job.status == .queued {
            try endCanceled(job.id, message: "canceled before it started", db)
            return .canceled(try fetch(job.id, db)!)
        }
        try db.query("UPDATE jobs SET cancel_requested = true, updated_at = ? WHERE id = ?", [.int(now()), .text(job.id)])
        try touched(job.id, db)
        return .requested(try fetch(job.id, db)!)
    }

    /// Deletes a job of `keyID` (nil: of any key) in one transaction: a queued job can then never
    /// be claimed, and a running one loses its lease. A job not finished yet ends as `canceled`
    /// first (its webhook's `canceled` delivery is written and still sent); finished deliveries go.
    public func deleteJob(_ id: String, keyID: String?) throws -> JobDeletion {
        var canceled = false
        let result: JobDeletion = try write { db in
            guard let job = try fetch(id, db, forUpdate: true), keyID == nil || job.keyID == keyID else { return .notFound }
            let (deletion, endedNow) = try deleteLocked(job, db)
            canceled = endedNow
            return deletion
        }
        if canceled { outcomes.count(.canceled) }
        return result
    }

    /// Inside a transaction, with `job`'s row locked: deletes it; also whether it ended (cancelled) now.
    func deleteLocked(_ job: Job, _ db: any SQLConnection) throws -> (JobDeletion, canceled: Bool) {
        let id = job.id
        var canceled = false
        if !job.status.isFinished {
            try endCanceled(id, message: "deleted", db)
            canceled = true
        }
        if job.status == .succeeded { try abandonDestinations(jobID: id, db) }
        try db.query("DELETE FROM webhook_deliveries WHERE job_id = ? AND status != 'pending'", [.text(id)])
        try db.query("DELETE FROM job_assets WHERE job_id = ?", [.text(id)])
        try db.query("DELETE FROM job_chunks WHERE job_id = ?", [.text(id)])
        try db.query("DELETE FROM output_destinations WHERE job_id = ?", [.text(id)])
        try db.query("DELETE FROM job_outputs WHERE job_id = ?", [.text(id)])
        try db.query("DELETE FROM jobs WHERE id = ?", [.text(id)])
        // No row to order: streams hear of it and find the job gone.
        try db.announceJobChange(id)
        let outputs = job.allOutputs.filter { !$0.expired }.map(\.path)
        return (.deleted(outputs: outputs, wasRunning: job.status == .running), canceled)
    }

    /// Inside a transaction: ends an unfinished job as cancelled, with its webhook event.
    private func endCanceled(_ id: String, message: String, _ db: any SQLConnection) throws {
        let t = now()
        try db.query("""
            UPDATE jobs SET status = 'canceled', cancel_requested = true, error_code = 'canceled',
            error_message = ?, finished_at = ?, updated_at = ? WHERE id = ?
            """, [.text(message), .int(t), .int(t), .text(id)])
        try enqueueEvent("canceled", jobID: id, db)
        try touched(id, db)
    }
}
