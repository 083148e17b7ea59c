extension PostgresJobStore {
    /// As `SQLiteJobStore.deleteJob`, with the job's row locked first.
    public func deleteJob(_ id: String, keyID: String?) throws -> JobDeletion {
        var canceled = false
        let result: JobDeletion = try locked { db in
            try db.transaction {
                canceled = false
                guard let job = try fetch(id, db, forUpdate: true), keyID == nil || job.keyID == keyID else { return .notFound }
                if !job.status.isFinished {
                    // Canceled first, so a `canceled` webhook goes out with the job as it ended.
                    let t = now()
                    try db.query("""
                        UPDATE jobs SET status = 'canceled', cancel_requested = true, error_code = 'canceled',
                        error_message = 'deleted', finished_at = $1, updated_at = $1 WHERE id = $2
                        """, [.int(t), .text(id)])
                    try enqueueEvent("canceled", jobID: id, db)
                    canceled = true
                }
                try db.query("DELETE FROM webhook_deliveries WHERE job_id = $1 AND status != 'pending'", [.text(id)])
                try db.query("DELETE FROM job_assets WHERE job_id = $1", [.text(id)])
                try db.query("DELETE FROM job_chunks WHERE job_id = $1", [.text(id)])
                try db.query("DELETE FROM jobs WHERE id = $1", [.text(id)])
                let output = job.output.flatMap { $0.expired ? nil : $0.path }
                return .deleted(output: output, wasRunning: job.status == .running)
            }
        }
        if canceled { outcomes.count(.canceled) }
        return result
    }
}
