import CLibPQ
import Foundation

/// Owns one libpq connection (`PGconn*`), closed exactly once in deinit. One thread uses it at a
/// time (`PostgresPool` hands connections out). Statements with parameters are prepared once per
/// connection under a generated name and executed by name afterwards; parameters travel as text
/// (PostgreSQL parses them by the statement's parameter types).
public final class PostgresConnection {
    /// The jobs the current transaction changed (`SQLConnection.touchedJobs`).
    public var touchedJobs: [String] = []
    let handle: OpaquePointer
    private var prepared: [String: String] = [:]

    /// Added to the URL unless it names them: a server that is away fails a connect within 5 s,
    /// and one that vanishes from the network (no RST, as in a partition) fails a query within
    /// 30 s (TCP keepalives, `tcp_user_timeout`) instead of hanging its thread for the kernel's
    /// quarter of an hour.
    static let defaults = [("connect_timeout", "5"), ("keepalives_idle", "10"), ("keepalives_interval", "5"),
                           ("keepalives_count", "3"), ("tcp_user_timeout", "30000")]

    /// `url`: a `postgres://` URL or a libpq keyword string.
    public init(url: String) throws {
        var conninfo = url
        let isURL = url.contains("://")
        for (key, value) in Self.defaults where !url.contains(key + "=") {
            conninfo += isURL ? (conninfo.contains("?") ? "&" : "?") + "\(key)=\(value)" : " \(key)=\(value)"
        }
        guard let conn = PQconnectdb(conninfo) else { throw PostgresError.connection("out of memory", made: false) }
        guard PQstatus(conn) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(conn)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(conn)
            throw PostgresError.connection(message, made: false)
        }
        handle = conn
        // Notices (such as "relation already exists, skipping") are not this process's log.
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
        if !url.contains("lock_timeout") { try execute(Self.sessionSettings) }
    }

    /// Set on every connection unless the URL names them: a statement waiting for a row or an
    /// advisory lock gives up after 5 s (a busy store, 55P03, like SQLite's busy wait) instead of
    /// waiting for ever, and a backend left idle inside a transaction for 30 s (its node lost mid-
    /// heartbeat, with no FIN) is ended by the server, so the job rows it locked are claimable again.
    static let sessionSettings = "SET lock_timeout = 5000; SET idle_in_transaction_session_timeout = 30000"


    deinit { PQfinish(handle) }

    /// False once the connection broke (the server restarted, the network dropped it).
    var isUsable: Bool { PQstatus(handle) == CONNECTION_OK }

    /// True outside a transaction, with no command in progress.
    var isIdle: Bool { PQtransactionStatus(handle) == PQTRANS_IDLE }

    /// Reads what the server sent meanwhile without waiting (a terminated backend's goodbye, a
    /// notification) and says whether the connection still works: a connection the server closed
    /// while it sat idle in the pool is found out here, before a statement is sent on it.
    func checkAlive() -> Bool {
        var fds = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        if poll(&fds, 1, 0) > 0 && PQconsumeInput(handle) == 0 { return false }
        return isUsable
    }

    /// Runs SQL without parameters (several statements allowed); returns the last result.
    @discardableResult
    public func execute(_ sql: String) throws -> PostgresResult {
        try check(PQexec(handle, sql), sql: sql)
    }

    /// Runs one statement with `$1…$n` parameters, prepared on its first use on this connection.
    @discardableResult
    public func run(_ sql: String, _ params: [SQLValue] = []) throws -> PostgresResult {
        try run(sql, params, preparing: { sql })
    }

    /// Runs `key`'s statement, prepared from `text()` (with `$n` parameters) on its first use.
    func run(_ key: String, _ params: [SQLValue], preparing text: () -> String) throws -> PostgresResult {
        let name: String
        if let n = prepared[key] {
            name = n
        } else {
            name = "reel_\(prepared.count)"
            let sql = text()
            _ = try check(PQprepare(handle, name, sql, Int32(params.count), nil), sql: sql)
            prepared[key] = name
        }
        let sql = key
        let texts = params.map(\.postgresText)
        var pointers: [UnsafeMutablePointer<CChar>?] = texts.map { $0.flatMap { strdup($0) } }
        defer { pointers.forEach { free($0) } }
        let result = pointers.withUnsafeMutableBufferPointer { buffer -> OpaquePointer? in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return PQexecPrepared(handle, name, 0, nil, nil, nil, 0) }
            return base.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { values in
                PQexecPrepared(handle, name, Int32(params.count), values, nil, nil, 0)
            }
        }
        return try check(result, sql: sql)
    }

    /// Runs `body` in a transaction (READ COMMITTED): committed when it returns, rolled back when
    /// it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isUsable { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    /// The payloads of the notifications received so far (empties libpq's queue).
    func notifications() -> [String] {
        var payloads: [String] = []
        while let n = PQnotifies(handle) {
            payloads.append(String(cString: n.pointee.extra))
            PQfreemem(n)
        }
        return payloads
    }

    /// Waits up to `timeout` seconds for the server to send something, then reads it; false when
    /// the connection broke.
    func waitForInput(timeout: Double) -> Bool {
        var fds = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        let ready = poll(&fds, 1, Int32(timeout * 1000))
        if ready > 0 && PQconsumeInput(handle) == 0 { return false }
        return isUsable
    }

    /// Turns a result into a `PostgresResult`, or its error into a `PostgresError` (a connection
    /// error when the connection broke under it).
    private func check(_ res: OpaquePointer?, sql: String) throws -> PostgresResult {
        guard let res else {
            throw PostgresError.connection(String(cString: PQerrorMessage(handle)), sql: sql, made: true)
        }
        let status = PQresultStatus(res)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY {
            return PostgresResult(res)
        }
        let state = reel_pq_sqlstate(res).map { String(cString: $0) }
        var message = reel_pq_message(res).map { String(cString: $0) } ?? String(cString: PQresultErrorMessage(res))
        PQclear(res)
        if !isUsable || state == nil {
            message = message.isEmpty ? String(cString: PQerrorMessage(handle)) : message
            throw PostgresError(sqlstate: state ?? "08006", message: message.trimmingCharacters(in: .whitespacesAndNewlines), sql: sql)
        }
        throw PostgresError(sqlstate: state!, message: message, sql: sql)
    }
}
