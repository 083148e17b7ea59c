/// The outbox of destinations: a succeeded job's copies to other buckets, written in the
/// transaction that records its success and claimed by any node's deliverer, the way webhook
/// deliveries are. The job's `succeeded` event waits for them: it is written in the transaction
/// that ends the job's last open destination, so its body shows every copy's outcome.
extension SQLJobStore {
    static let destinationColumns = "job_id, idx, url, profile, status, attempts, last_error, etag, created_at, output_name"

    /// Inside the transaction that records job `id`'s success: one pending row per destination of
    /// each of `outputs`, numbered across them in order, each naming its output (NULL: the one).
    func insertDestinations(of outputs: [JobOutput], jobID id: String, at t: Int64, _ db: any SQLConnection) throws {
        for (i, (d, name)) in outputs.flatMap({ o in o.destinations.map { ($0, o.name) } }).enumerated() {
            try db.query("""
                INSERT INTO output_destinations (job_id, idx, url, profile, status, created_at, next_attempt_at, output_name)
                VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)
                """, [.text(id), .int(Int64(i)), .text(d.url), .nullable(d.profile), .int(t), .int(t), .nullable(name)])
        }
    }

    /// Inside the transaction that deletes succeeded job `id`: its open copies end as failed and its
    /// `succeeded` event is written now (webhook rows outlive their job), so a deletion never
    /// swallows the event.
    func abandonDestinations(jobID id: String, _ db: any SQLConnection) throws {
        let open = try db.query("""
            UPDATE output_destinations SET status = 'failed', last_error = 'the job was deleted before the copy was made',
            next_attempt_at = NULL, finished_at = ?, claimed_by = NULL WHERE job_id = ? AND status = 'pending'
            """, [.int(now()), .text(id)]).changes
        if open > 0 { try enqueueEvent("succeeded", jobID: id, db) }
    }

    /// `jobs` (read from `rows`, in order) with the destinations of those whose rows count any,
    /// read in one query, each given to the output it copies.
    func withDestinations(_ jobs: [Job], rows: [SQLRow], _ db: any SQLConnection) throws -> [Job] {
        let ids = try zip(jobs, rows).filter { try $0.1.int("output_destinations") > 0 && !$0.0.allOutputs.isEmpty }.map(\.0.id)
        guard !ids.isEmpty else { return jobs }
        var found: [String: [DestinationDelivery]] = [:]
        for row in try db.query("""
            SELECT \(Self.destinationColumns) FROM output_destinations WHERE job_id IN (\(ids.map { _ in "?" }.joined(separator: ", ")))
            ORDER BY job_id, idx
            """, ids.map { .text($0) }).rows {
            let d = try StoreRows.destination(row)
            found[d.jobID, default: []].append(d)
        }
        return jobs.map { job in
            guard let copies = found[job.id] else { return job }
            var j = job
            let mine = { (name: String?) in copies.filter { $0.outputName == name }.map(\.destination) }
            j.output?.destinations = mine(nil)
            for i in j.outputs.indices { j.outputs[i].destinations = mine(j.outputs[i].name) }
            return j
        }
    }

    public func claimDestinations(by claimer: String, limit: Int, leaseMillis: Int64) throws -> [DestinationDelivery] {
        try write { db in
            // The choice reads rows it then changes; claims one at a time so no two claimers take one.
            try db.serialize(on: "output-destinations")
            let t = now()
            let rows = try db.query("""
                UPDATE output_destinations SET attempts = attempts + 1, last_attempt_at = ?, next_attempt_at = ?, claimed_by = ?
                WHERE status = 'pending' AND next_attempt_at <= ? AND (job_id, idx) IN (
                    SELECT job_id, idx FROM output_destinations WHERE status = 'pending' AND next_attempt_at <= ?
                    ORDER BY created_at, job_id, idx LIMIT ?)
                RETURNING \(Self.destinationColumns)
                """, [.int(t), .int(t + leaseMillis), .text(claimer), .int(t), .int(t), .int(Int64(limit))]).rows
            // Not `touched`: numbering would lock the jobs' rows while these destinations' rows are
            // held, the reverse of a job's end or deletion; the attempts show with the next change.
            return try rows.map(StoreRows.destination).sorted { ($0.createdAt, $0.jobID, $0.index) < ($1.createdAt, $1.jobID, $1.index) }
        }
    }

    public func recordDestination(jobID: String, index: Int, claimer: String, _ outcome: DestinationOutcome) throws {
        try write { db in
            // The job's row is locked first, so of two destinations ending together exactly one
            // sees none left open and writes the event.
            guard try db.query("SELECT id FROM jobs WHERE id = ?\(dialect.forUpdate)", [.text(jobID)]).first != nil else { return }
            let t = now()
            let key: [SQLValue] = [.text(jobID), .int(Int64(index))]
            let changed: Int
            switch outcome {
            case .delivered(let etag):
                changed = try db.query("""
                    UPDATE output_destinations SET status = 'delivered', etag = ?, last_error = NULL, next_attempt_at = NULL,
                    finished_at = ?, claimed_by = NULL WHERE job_id = ? AND idx = ? AND status = 'pending'
                    """, [.text(etag), .int(t)] + key).changes
            case .retry(let error, let next):
                // Only while this claimer still holds it: one whose claim ran out must not clear the next one's.
                let retried = try db.query("""
                    UPDATE output_destinations SET last_error = ?, next_attempt_at = ?, claimed_by = NULL
                    WHERE job_id = ? AND idx = ? AND status = 'pending' AND claimed_by = ?
                    """, [.text(error), .int(next)] + key + [.text(claimer)])
                if retried.changes == 1 { try touched(jobID, db) }
                return
            case .failed(let error):
                changed = try db.query("""
                    UPDATE output_destinations SET status = 'failed', last_error = ?, next_attempt_at = NULL,
                    finished_at = ?, claimed_by = NULL WHERE job_id = ? AND idx = ? AND status = 'pending' AND claimed_by = ?
                    """, [.text(error), .int(t)] + key + [.text(claimer)]).changes
            }
            guard changed == 1 else { return }
            try db.query("UPDATE jobs SET updated_at = ? WHERE id = ?", [.int(t), .text(jobID)])
            try touched(jobID, db)
            let open = try db.query("SELECT COUNT(*) AS n FROM output_destinations WHERE job_id = ? AND status = 'pending'", [.text(jobID)])
            if try open.first?.int("n") == 0 { try enqueueEvent("succeeded", jobID: jobID, db) }
        }
    }

    public func destinationClaimers() throws -> [String] { try claimers(of: "output_destinations") }

    public func releaseDestinations(claimedBy claimer: String) throws { try release(claimer, of: "output_destinations") }
}
