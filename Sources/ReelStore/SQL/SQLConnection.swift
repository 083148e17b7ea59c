/// One database connection as the store's rules see it, used by one thread at a time. The rules
/// write their SQL once, in the subset both databases speak (`?` parameters, `RETURNING`,
/// `ON CONFLICT … DO NOTHING`, `true`/`false`, `CASE` instead of `MAX`/`GREATEST`), and name what
/// differs through `dialect`; the few things that are not SQL text are the calls below.
public protocol SQLConnection: AnyObject {
    var dialect: SQLDialect { get }
    /// Runs one statement with `?` parameters and reads all of its rows.
    @discardableResult func query(_ sql: String, _ args: [SQLValue]) throws -> SQLResult
    /// Runs `body` in a write transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T
    /// Inside a transaction: waits until no other transaction holding `name` is open, so
    /// transactions of one name run one after another (their reads see each other's writes).
    /// A database whose write transactions already run one at a time has nothing to do.
    func serialize(on name: String) throws
    /// Inside a transaction: once it commits, idle workers sharing the store (on any node) wake,
    /// since a job or chunk may have become claimable.
    func notifyClaimable() throws
    /// Inside a transaction: once it commits, the job changes callback (`SQLBackend`) of every
    /// node sharing the store hears that job `id` changed.
    func announceJobChange(_ id: String) throws
    /// The jobs the transaction running on this connection changed so far (`SQLJobStore.touched`),
    /// numbered and announced just before it commits.
    var touchedJobs: [String] { get set }
}

extension SQLConnection {
    @discardableResult func query(_ sql: String) throws -> SQLResult { try query(sql, []) }
}
