import Foundation

/// The job store in PostgreSQL, shared by any number of `reel serve` nodes. Each method is one
/// short transaction on a pooled connection. Concurrency rests on PostgreSQL itself: a job is
/// claimed with `FOR UPDATE SKIP LOCKED` (two workers never take the same row, and neither waits
/// for the other), idempotency keys are a unique constraint (`INSERT … ON CONFLICT`), the
/// per-key quota is counted under a transaction-scoped advisory lock of the key, and every change
/// that makes a job claimable sends `NOTIFY reel_jobs` so idle workers on every node wake at once.
///
/// Times are each node's clock in ms (as in SQLite), so nodes must keep their clocks in sync
/// (NTP) to well under `leaseSeconds`.
public final class PostgresJobStore: JobStore, @unchecked Sendable {
    let connections: PostgresPool
    public let maxAttempts: Int
    public let leaseMillis: Int64
    let now: @Sendable () -> Int64
    let webhookBody: @Sendable (Job) -> String
    /// The node's data directory, whose disk `freeBytes` reports.
    let dataDirectory: String
    public let outcomes = JobOutcomes()
    let listener = PostgresListener.Holder()

    /// The channel whose notifications mean "a job may be claimable".
    static let channel = "reel_jobs"

    public init(url: String, maxAttempts: Int = 3, leaseSeconds: Double = 30, dataDirectory: String = ".",
                now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) },
                webhookBody: @escaping @Sendable (Job) -> String = { #"{"id":"\#($0.id)","status":"\#($0.status.rawValue)"}"# }) throws {
        connections = PostgresPool(url: url)
        self.maxAttempts = maxAttempts
        leaseMillis = Int64(leaseSeconds * 1000)
        self.now = now
        self.webhookBody = webhookBody
        self.dataDirectory = dataDirectory
        try connections.with { try PostgresSchema.migrate($0, location: Self.redacted(url)) }
    }

    deinit { listener.stop() }

    /// The URL without its password, for messages.
    static func redacted(_ url: String) -> String {
        guard var c = URLComponents(string: url), c.password != nil else { return url }
        c.password = "***"
        return c.string ?? url
    }

    func locked<T>(_ body: (PostgresConnection) throws -> T) throws -> T { try connections.with(body) }

    func fetch(_ id: String, _ db: PostgresConnection, forUpdate: Bool = false) throws -> Job? {
        let r = try db.query("SELECT \(PostgresSchema.jobColumns) FROM jobs WHERE id = $1\(forUpdate ? " FOR UPDATE" : "")", [.text(id)])
        return try r.first.map(PostgresSchema.job)
    }

    /// Inside a transaction: wakes idle workers on every node once it commits.
    func notifyClaimable(_ db: PostgresConnection) throws {
        try db.query("SELECT pg_notify($1, '')", [.text(Self.channel)])
    }

    // MARK: Reading

    public func job(_ id: String) throws -> Job? { try locked { try fetch(id, $0) } }

    public func job(_ id: String, keyID: String) throws -> Job? {
        try locked { try fetch(id, $0).flatMap { $0.keyID == keyID ? $0 : nil } }
    }

    /// Always throws: any PostgreSQL read is a network round trip, and one to a server that went
    /// silent would stall the event loop calling this. The caller answers from a handler thread.
    public func jobWithoutWaiting(_ id: String, keyID: String) throws -> Job? {
        throw PostgresError(sqlstate: "08000", message: "a PostgreSQL read is not done on an event loop", sql: "")
    }

    public func list(keyID: String? = nil, status: Job.Status?, limit: Int, cursor: String?) throws -> (jobs: [Job], nextCursor: String?) {
        try locked { db in
            var sql = "SELECT \(PostgresSchema.jobColumns) FROM jobs WHERE true"
            var args: [PostgresValue] = []
            if let keyID { args.append(.text(keyID)); sql += " AND key_id = $\(args.count)" }
            if let status { args.append(.text(status.rawValue)); sql += " AND status = $\(args.count)" }
            if let cursor, let seq = Int64(cursor) { args.append(.int(seq)); sql += " AND seq < $\(args.count)" }
            args.append(.int(Int64(limit + 1)))
            sql += " ORDER BY seq DESC LIMIT $\(args.count)"
            let rows = try db.query(sql, args).rows
            let jobs = try rows.map(PostgresSchema.job)
            guard jobs.count > limit else { return (jobs, nil) }
            return (Array(jobs.prefix(limit)), try rows[limit - 1].text("seq"))
        }
    }

    public func counts() throws -> [Job.Status: Int] {
        try locked { db in
            var out: [Job.Status: Int] = [:]
            for r in try db.query("SELECT status, COUNT(*) AS count FROM jobs GROUP BY status").rows {
                if let st = Job.Status(rawValue: try r.text("status")) { out[st] = try r.int("count") }
            }
            return out
        }
    }

    // MARK: Cancelling

    /// The row is locked first, so a worker's claim or finish and this cancel happen one after the other.
    public func cancel(_ id: String, keyID: String? = nil) throws -> CancelResult {
        let result: CancelResult = try locked { db in
            try db.transaction {
                guard let job = try fetch(id, db, forUpdate: true), keyID == nil || job.keyID == keyID else { return .notFound }
                if job.status.isFinished { return .alreadyFinished(job) }
                let t = now()
                if job.status == .queued {
                    try db.query("""
                        UPDATE jobs SET status = 'canceled', cancel_requested = true, error_code = 'canceled',
                        error_message = 'canceled before it started', finished_at = $1, updated_at = $1 WHERE id = $2
                        """, [.int(t), .text(id)])
                    try enqueueEvent("canceled", jobID: id, db)
                    return .canceled(try fetch(id, db)!)
                }
                try db.query("UPDATE jobs SET cancel_requested = true, updated_at = $1 WHERE id = $2", [.int(t), .text(id)])
                return .requested(try fetch(id, db)!)
            }
        }
        if case .canceled = result { outcomes.count(.canceled) }
        return result
    }
}
