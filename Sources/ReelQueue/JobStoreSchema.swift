/// The database schema, one entry per `user_version`; append, never edit, to migrate.
enum JobStoreSchema {
    static let migrations = [
        """
        CREATE TABLE jobs (
            id TEXT PRIMARY KEY,
            status TEXT NOT NULL,
            spec TEXT NOT NULL,
            body_hash TEXT NOT NULL,
            idempotency_key TEXT UNIQUE,
            progress REAL NOT NULL DEFAULT 0,
            eta REAL,
            attempts INTEGER NOT NULL DEFAULT 0,
            max_attempts INTEGER NOT NULL,
            cancel_requested INTEGER NOT NULL DEFAULT 0,
            lease_owner TEXT,
            lease_expires INTEGER,
            error_code TEXT,
            error_message TEXT,
            output_path TEXT,
            output_bytes INTEGER,
            output_duration TEXT,
            output_sha256 TEXT,
            output_content_type TEXT,
            output_expired INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            started_at INTEGER,
            finished_at INTEGER
        );
        CREATE INDEX jobs_by_status ON jobs(status);
        CREATE TABLE assets (
            id TEXT PRIMARY KEY,
            path TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            content_type TEXT,
            filename TEXT,
            probe TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        """,
    ]

    static let jobColumns = """
        id, status, spec, idempotency_key, progress, eta, attempts, max_attempts, cancel_requested,
        error_code, error_message, output_path, output_bytes, output_duration, output_sha256,
        output_content_type, output_expired, created_at, updated_at, started_at, finished_at, rowid
        """

    /// Reads a row selected with `jobColumns`.
    static func job(_ s: SQLiteStatement) -> Job {
        var error: JobError?
        if let code = s.optionalText(9) { error = JobError(code: code, message: s.text(10)) }
        var output: JobOutput?
        if let path = s.optionalText(11) {
            output = JobOutput(path: path, bytes: s.int64(12), duration: s.text(13), sha256: s.text(14),
                               contentType: s.text(15), expired: s.int(16) != 0)
        }
        return Job(id: s.text(0), status: Job.Status(rawValue: s.text(1)) ?? .failed, spec: s.text(2),
                   idempotencyKey: s.optionalText(3), progress: s.double(4), eta: s.optionalDouble(5),
                   attempts: s.int(6), maxAttempts: s.int(7), cancelRequested: s.int(8) != 0,
                   createdAt: s.int64(17), updatedAt: s.int64(18), startedAt: s.optionalInt(19),
                   finishedAt: s.optionalInt(20), error: error, output: output)
    }
}
