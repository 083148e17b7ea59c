/// The named outputs of jobs with `outputs` (`job_outputs`): written with the job's success, read
/// with the job, expired and deleted with it. A job with one `output` keeps it in `jobs.output_*`.
extension SQLJobStore {
    static let outputColumns = """
        job_id, idx, name, path, bytes, duration, sha256, content_type, expired, copied_frames, encoded_frames, loudness,
        first_segment_seconds
        """

    /// `job` (read from `row`) with its named outputs and its destinations.
    func withOutputs(_ job: Job, row: SQLRow, _ db: any SQLConnection) throws -> Job {
        try withOutputs([job], rows: [row], db)[0]
    }

    /// `jobs` (read from `rows`, in order) with the named outputs of those whose rows count any,
    /// read in one query, then every job's destinations.
    func withOutputs(_ jobs: [Job], rows: [SQLRow], _ db: any SQLConnection) throws -> [Job] {
        let ids = try zip(jobs, rows).filter { try $0.1.int("output_count") > 0 }.map(\.0.id)
        guard !ids.isEmpty else { return try withDestinations(jobs, rows: rows, db) }
        var found: [String: [JobOutput]] = [:]
        for row in try db.query("""
            SELECT \(Self.outputColumns) FROM job_outputs WHERE job_id IN (\(ids.map { _ in "?" }.joined(separator: ", ")))
            ORDER BY job_id, idx
            """, ids.map { .text($0) }).rows {
            found[try row.text("job_id"), default: []].append(try StoreRows.namedOutput(row))
        }
        let read = jobs.map { job in
            var j = job
            j.outputs = found[job.id] ?? []
            return j
        }
        return try withDestinations(read, rows: rows, db)
    }

    /// Inside the transaction that records job `id`'s success: one row per named output.
    func insertOutputs(_ outputs: [JobOutput], jobID id: String, _ db: any SQLConnection) throws {
        for (i, o) in outputs.enumerated() {
            try db.query("""
                INSERT INTO job_outputs (\(Self.outputColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, false, ?, ?, ?, ?)
                """, [.text(id), .int(Int64(i)), .text(o.name ?? ""), .text(o.path), .int(o.bytes), .text(o.duration), .text(o.sha256),
                      .text(o.contentType), .nullable(o.copiedFrames), .nullable(o.encodedFrames), .nullable(o.loudness?.stored),
                      .nullable(o.firstSegmentSeconds)])
        }
    }

    /// Inside the transaction that expires job `id`: its named outputs expire too; their paths.
    func expireNamedOutputs(jobID id: String, _ db: any SQLConnection) throws -> [String] {
        try db.query("UPDATE job_outputs SET expired = true WHERE job_id = ? AND expired = false RETURNING path", [.text(id)])
            .rows.map { try $0.text("path") }
    }
}
