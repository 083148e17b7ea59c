import Foundation

/// The durable job queue: every rule of it (claims and leases, attempts, cancellation, chunks,
/// idempotency, quotas, the webhook outbox, retention) written once, in SQL both databases speak,
/// over an `SQLBackend` that supplies only what differs: `SQLiteBackend` (one file, the embedded
/// default) or `PostgresBackend` (one database shared by any number of nodes). Every method is one
/// short transaction on a connection of its own, durable when it returns.
///
/// Workers `claim` a job with a lease they renew while rendering (`heartbeat`); a job whose lease
/// runs out (its process died) is claimed again, until `maxAttempts`, then fails with its last error.
public final class SQLJobStore: JobStore {
    let backend: any SQLBackend
    let dialect: SQLDialect
    public let maxAttempts: Int
    public let leaseMillis: Int64
    /// At most this many of one key's jobs run at once (claims pass the key over); 0: no limit.
    public let runningPerKey: Int
    let now: @Sendable () -> Int64
    /// The body of a webhook delivery: the job as the API shows it (the API passes its JSON).
    let webhookBody: @Sendable (Job) -> String
    /// The body of a batch's `batch` event: the batch as the API shows it.
    let batchWebhookBody: @Sendable (Batch, BatchProgress) -> String
    /// How jobs ended in this process (counted once their change committed).
    public let outcomes = JobOutcomes()
    /// The SELECT list of a job, in this dialect.
    let jobColumns: String
    /// `fetch`'s two queries, built once: the status path runs one per request, and building and
    /// hashing the long text again each time cost as much as SQLite's own work on it.
    private let fetchSQL: (plain: String, forUpdate: String)

    public init(backend: any SQLBackend, maxAttempts: Int = 3, leaseSeconds: Double = 30, runningPerKey: Int = 0,
                now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) },
                webhookBody: @escaping @Sendable (Job) -> String = { #"{"id":"\#($0.id)","status":"\#($0.status.rawValue)"}"# },
                batchWebhookBody: @escaping @Sendable (Batch, BatchProgress) -> String = { b, _ in #"{"id":"\#(b.id)"}"# }) {
        self.backend = backend
        self.batchWebhookBody = batchWebhookBody
        dialect = backend.dialect
        self.maxAttempts = maxAttempts
        leaseMillis = Int64(leaseSeconds * 1000)
        self.runningPerKey = runningPerKey
        self.now = now
        self.webhookBody = webhookBody
        jobColumns = StoreRows.jobColumns(dialect)
        let select = "SELECT \(jobColumns) FROM jobs WHERE id = ?"
        fetchSQL = (select, select + dialect.forUpdate)
    }

    /// A store in the SQLite file at `path` (created and migrated as needed).
    public static func sqlite(path: String, maxAttempts: Int = 3, leaseSeconds: Double = 30, runningPerKey: Int = 0,
                              busyTimeoutMillis: Int32 = 5000,
                              now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) },
                              webhookBody: @escaping @Sendable (Job) -> String = { #"{"id":"\#($0.id)","status":"\#($0.status.rawValue)"}"# },
                              batchWebhookBody: @escaping @Sendable (Batch, BatchProgress) -> String = { b, _ in #"{"id":"\#(b.id)"}"# }) throws -> SQLJobStore {
        SQLJobStore(backend: try SQLiteBackend(path: path, busyTimeoutMillis: busyTimeoutMillis),
                    maxAttempts: maxAttempts, leaseSeconds: leaseSeconds, runningPerKey: runningPerKey, now: now, webhookBody: webhookBody,
                    batchWebhookBody: batchWebhookBody)
    }

    /// A store in the PostgreSQL database at `url` (migrated as needed); `dataDirectory` is the
    /// node's, whose free space readiness reports.
    public static func postgres(url: String, maxAttempts: Int = 3, leaseSeconds: Double = 30, runningPerKey: Int = 0,
                                dataDirectory: String = ".",
                                now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) },
                                webhookBody: @escaping @Sendable (Job) -> String = { #"{"id":"\#($0.id)","status":"\#($0.status.rawValue)"}"# },
                                batchWebhookBody: @escaping @Sendable (Batch, BatchProgress) -> String = { b, _ in #"{"id":"\#(b.id)"}"# }) throws -> SQLJobStore {
        SQLJobStore(backend: try PostgresBackend(url: url, dataDirectory: dataDirectory),
                    maxAttempts: maxAttempts, leaseSeconds: leaseSeconds, runningPerKey: runningPerKey, now: now, webhookBody: webhookBody,
                    batchWebhookBody: batchWebhookBody)
    }

    /// Runs `body` on a connection of its own.
    @discardableResult
    func connected<T>(_ body: (any SQLConnection) throws -> T) throws -> T { try backend.withConnection(body) }

    /// Runs `body` in one write transaction on a connection of its own; the jobs it changed are
    /// numbered in the order of changes last thing before it commits (`numberTouched`).
    @discardableResult
    func write<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try backend.withConnection { db in
            try db.transaction {
                db.touchedJobs = []
                defer { db.touchedJobs = [] }
                let result = try body(db)
                try numberTouched(db)
                return result
            }
        }
    }

    /// The job's row; with `forUpdate`, locked until the transaction ends.
    func fetch(_ id: String, _ db: any SQLConnection, forUpdate: Bool = false) throws -> Job? {
        guard let row = try db.query(forUpdate ? fetchSQL.forUpdate : fetchSQL.plain, [.text(id)]).first else {
            return nil
        }
        return try withOutputs(StoreRows.job(row), row: row, db)
    }

    // MARK: Reading

    public func job(_ id: String) throws -> Job? { try connected { try fetch(id, $0) } }

    public func job(_ id: String, keyID: String) throws -> Job? {
        try connected { try fetch(id, $0).flatMap { $0.keyID == keyID ? $0 : nil } }
    }

    /// A reader that never waits for a lock, where the database can be read that way (SQLite's
    /// file); nil for PostgreSQL, where any read is a network round trip that a server gone silent
    /// could stall.
    public var jobsWithoutWaiting: (any JobReadsWithoutWaiting)? {
        (backend as? SQLiteBackend).map { NonBlockingJobReader(store: self, backend: $0) }
    }

    public func list(keyID: String? = nil, status: Job.Status?, batchID: String? = nil, metadata: MetadataFilter? = nil,
                     limit: Int, cursor: String?) throws -> (jobs: [Job], nextCursor: String?) {
        try connected { db in
            var sql = "SELECT \(jobColumns) FROM jobs WHERE 1 = 1"
            var args: [SQLValue] = []
            if let keyID { sql += " AND key_id = ?"; args.append(.text(keyID)) }
            if let status { sql += " AND status = ?"; args.append(.text(status.rawValue)) }
            if let batchID { sql += " AND batch_id = ?"; args.append(.text(batchID)) }
            switch metadata?.match {
            case .equals?: sql += " AND " + dialect.metadataStringEquals; args += [.text(metadata!.key), .text(metadata!.value)]
            case .contains?: sql += " AND " + dialect.metadataStringContains; args += [.text(metadata!.key), .text(metadata!.key), .text(metadata!.value)]
            case nil: break
            }
            if let cursor, let seq = Int64(cursor) { sql += " AND \(dialect.sequence) < ?"; args.append(.int(seq)) }
            sql += " ORDER BY \(dialect.sequence) DESC LIMIT ?"
            args.append(.int(Int64(limit + 1)))
            let rows = try db.query(sql, args).rows
            let jobs = try withOutputs(rows.map(StoreRows.job), rows: rows, db)
            guard jobs.count > limit else { return (jobs, nil) }
            return (Array(jobs.prefix(limit)), try rows[limit - 1].text("seq"))
        }
    }

    /// `SELECT status, COUNT(*)` of `table`, by status (an index leads with `status` on each).
    func statusCounts(_ table: String) throws -> [String: Int] {
        try connected { db in
            var out: [String: Int] = [:]
            for r in try db.query("SELECT status, COUNT(*) AS count FROM \(table) GROUP BY status").rows {
                out[try r.text("status")] = try r.int("count")
            }
            return out
        }
    }

    public func deliveryCounts() throws -> [String: Int] { try statusCounts("webhook_deliveries") }

    public func destinationCounts() throws -> [String: Int] { try statusCounts("output_destinations") }

    public func queuedByKey() throws -> [(key: String, count: Int)] {
        try connected { db in
            try db.query("SELECT key_id, COUNT(*) AS n FROM jobs WHERE status = 'queued' GROUP BY key_id ORDER BY n DESC, key_id").rows
                .map { (key: try $0.text("key_id"), count: try $0.int("n")) }
        }
    }

    public func counts() throws -> [Job.Status: Int] {
        try connected { db in
            var out: [Job.Status: Int] = [:]
            for r in try db.query("SELECT status, COUNT(*) AS count FROM jobs GROUP BY status").rows {
                if let st = Job.Status(rawValue: try r.text("status")) { out[st] = try r.int("count") }
            }
            return out
        }
    }
}

/// `SQLJobStore.jobsWithoutWaiting` on SQLite: a connection that answers SQLITE_BUSY at once.
struct NonBlockingJobReader: JobReadsWithoutWaiting {
    let store: SQLJobStore
    let backend: SQLiteBackend

    func job(_ id: String, keyID: String) throws -> Job? {
        try backend.withConnectionWithoutWaiting { try store.fetch(id, $0).flatMap { $0.keyID == keyID ? $0 : nil } }
    }

    func key(hash: String) throws -> StoredKey? {
        try backend.withConnectionWithoutWaiting { try SQLJobStore.key(hash: hash, $0) }
    }
}
