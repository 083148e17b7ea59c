import Foundation

/// The durable job queue: jobs and assets in SQLite. Every method is one short transaction on a
/// connection of its own from a `ConnectionPool`: readers never wait for a writer (WAL), and a
/// writer waits for another inside SQLite's busy handler, holding no lock of this process, so a
/// locked database delays only the writes that need it. Other processes are kept out by SQLite's
/// own locks.
///
/// Workers `claim` a job with a lease they renew while rendering (`heartbeat`); a job whose lease
/// runs out (its process died) is claimed again, until `maxAttempts`, then fails with its last error.
public final class SQLiteJobStore: JobStore, @unchecked Sendable {
    let connections: ConnectionPool
    let databasePath: String
    let busyTimeoutMillis: Int32
    public let maxAttempts: Int
    public let leaseMillis: Int64
    let now: @Sendable () -> Int64
    /// The body of a webhook delivery: the job as the API shows it (the API passes its JSON).
    let webhookBody: @Sendable (Job) -> String
    /// How jobs ended in this process (counted once their change committed).
    public let outcomes = JobOutcomes()

    /// `busyTimeoutMillis`: how long a write waits for another connection's lock (another process,
    /// or another thread of this one) before it fails with SQLITE_BUSY.
    public init(path: String, maxAttempts: Int = 3, leaseSeconds: Double = 30, busyTimeoutMillis: Int32 = 5000,
                now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) },
                webhookBody: @escaping @Sendable (Job) -> String = { #"{"id":"\#($0.id)","status":"\#($0.status.rawValue)"}"# }) throws {
        connections = ConnectionPool { try SQLiteDatabase(path: path, busyTimeoutMillis: busyTimeoutMillis) }
        databasePath = path
        self.busyTimeoutMillis = busyTimeoutMillis
        self.maxAttempts = maxAttempts
        leaseMillis = Int64(leaseSeconds * 1000)
        self.now = now
        self.webhookBody = webhookBody
        try connections.with { try $0.migrate(JobStoreSchema.migrations) }
    }

    /// Runs `body` on a connection of its own for the duration of the call.
    func locked<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        try connections.with(body)
    }

    func fetch(_ id: String, _ db: SQLiteDatabase) throws -> Job? {
        let s = try db.prepare("SELECT \(JobStoreSchema.jobColumns) FROM jobs WHERE id = ?").bind([.text(id)])
        return try s.step() ? try JobStoreSchema.job(s) : nil
    }

    // MARK: Reading

    /// The job of `keyID` read without waiting for any lock (SQLITE_BUSY is thrown at once rather
    /// than waited out), for a caller that must not block, such as an event loop.
    public func jobWithoutWaiting(_ id: String, keyID: String) throws -> Job? {
        try locked { db in
            db.setBusyTimeout(millis: 0)
            defer { db.setBusyTimeout(millis: busyTimeoutMillis) }
            return try fetch(id, db).flatMap { $0.keyID == keyID ? $0 : nil }
        }
    }

    public func job(_ id: String) throws -> Job? { try locked { db in try fetch(id, db) } }

    /// The job when it belongs to `keyID`; another key's job is as absent as a missing one.
    public func job(_ id: String, keyID: String) throws -> Job? {
        try locked { db in try fetch(id, db).flatMap { $0.keyID == keyID ? $0 : nil } }
    }

    /// Jobs newest first, optionally of one status and one key; `cursor` continues a previous page.
    public func list(keyID: String? = nil, status: Job.Status?, limit: Int, cursor: String?) throws -> (jobs: [Job], nextCursor: String?) {
        try locked { db in
            var sql = "SELECT \(JobStoreSchema.jobColumns) FROM jobs WHERE 1=1"
            var args: [SQLiteStatement.Value] = []
            if let keyID { sql += " AND key_id = ?"; args.append(.text(keyID)) }
            if let status { sql += " AND status = ?"; args.append(.text(status.rawValue)) }
            if let cursor, let row = Int64(cursor) { sql += " AND rowid < ?"; args.append(.int(row)) }
            sql += " ORDER BY rowid DESC LIMIT ?"
            args.append(.int(Int64(limit + 1)))
            let s = try db.prepare(sql).bind(args)
            var jobs: [Job] = []
            var rowids: [Int64] = []
            while try s.step() {
                jobs.append(try JobStoreSchema.job(s))
                rowids.append(try s.int64("rowid"))
            }
            guard jobs.count > limit else { return (jobs, nil) }
            return (Array(jobs.prefix(limit)), String(rowids[limit - 1]))
        }
    }

    /// Jobs per status, for metrics.
    public func counts() throws -> [Job.Status: Int] {
        try locked { db in
            let s = try db.prepare("SELECT status, COUNT(*) AS count FROM jobs GROUP BY status")
            var out: [Job.Status: Int] = [:]
            while try s.step() { if let st = Job.Status(rawValue: try s.text("status")) { out[st] = try s.int("count") } }
            return out
        }
    }

    // MARK: Cancelling

    /// Cancels a job of `keyID` (nil: of any key).
    public func cancel(_ id: String, keyID: String? = nil) throws -> CancelResult {
        let result: CancelResult = try locked { db in
            try db.transaction {
                guard let job = try fetch(id, db), keyID == nil || job.keyID == keyID else { return .notFound }
                if job.status.isFinished { return .alreadyFinished(job) }
                let t = now()
                if job.status == .queued {
                    try db.prepare("""
                        UPDATE jobs SET status = 'canceled', cancel_requested = 1, error_code = 'canceled',
                        error_message = 'canceled before it started', finished_at = ?, updated_at = ? WHERE id = ?
                        """).run([.int(t), .int(t), .text(id)])
                    try enqueueEvent("canceled", jobID: id, db)
                    return .canceled(try fetch(id, db)!)
                }
                try db.prepare("UPDATE jobs SET cancel_requested = 1, updated_at = ? WHERE id = ?").run([.int(t), .text(id)])
                return .requested(try fetch(id, db)!)
            }
        }
        if case .canceled = result { outcomes.count(.canceled) }
        return result
    }
}
