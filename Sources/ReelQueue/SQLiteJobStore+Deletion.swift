extension SQLiteJobStore {
    /// Deletes a job of `keyID` (nil: of any key) in one transaction: a queued job can then never
    /// be claimed, and a running one loses its lease. A job not finished yet ends as `canceled`
    /// first (its webhook's `canceled` delivery is written and still sent); finished deliveries go.
    public func deleteJob(_ id: String, keyID: String?) throws -> JobDeletion {
        var canceled = false
        let result: JobDeletion = try locked { db in
            try db.transaction {
                guard let job = try fetch(id, db), keyID == nil || job.keyID == keyID else { return .notFound }
                if !job.status.isFinished {
                    // Canceled first, so a `canceled` webhook goes out with the job as it ended.
                    let t = now()
                    try db.prepare("""
                        UPDATE jobs SET status = 'canceled', cancel_requested = 1, error_code = 'canceled',
                        error_message = 'deleted', finished_at = ?, updated_at = ? WHERE id = ?
                        """).run([.int(t), .int(t), .text(id)])
                    try enqueueEvent("canceled", jobID: id, db)
                    canceled = true
                }
                try db.prepare("DELETE FROM webhook_deliveries WHERE job_id = ? AND status != 'pending'").run([.text(id)])
                try db.prepare("DELETE FROM job_assets WHERE job_id = ?").run([.text(id)])
                try db.prepare("DELETE FROM job_chunks WHERE job_id = ?").run([.text(id)])
                try db.prepare("DELETE FROM jobs WHERE id = ?").run([.text(id)])
                let output = job.output.flatMap { $0.expired ? nil : $0.path }
                return .deleted(output: output, wasRunning: job.status == .running)
            }
        }
        if canceled { outcomes.count(.canceled) }
        return result
    }
}
