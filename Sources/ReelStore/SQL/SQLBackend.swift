/// A database the store's rules run on: it hands out connections and supplies what is not a
/// statement (health, wake-ups, one-node-at-a-time work). `SQLiteBackend` and `PostgresBackend`.
public protocol SQLBackend: AnyObject, Sendable {
    /// The words its SQL spells differently.
    var dialect: SQLDialect { get }
    /// Runs `body` on a connection of its own for the duration of the call.
    func withConnection<T>(_ body: (any SQLConnection) throws -> T) throws -> T
    /// Whether a write could start now, waiting at most `waitMillis`; throws what a write would meet.
    func checkWritable(waitMillis: Int32) throws
    /// Free bytes on the file system holding the node's data, for readiness; nil when unknown.
    var freeBytes: Int64? { get }
    /// How often an idle worker looks for work without being woken: wake-ups are the fast path,
    /// this is the safety net (and, where another process shares the store unseen, the way).
    var idlePollSeconds: Double { get }
    /// Calls `wake` after every commit that may have made a job claimable, until `stopWakeups`.
    func startWakeups(_ wake: @escaping @Sendable () -> Void)
    func stopWakeups()
    /// Calls `changed` with the ids of jobs whose changes committed (on any node sharing the
    /// store), until `stopJobChanges`; an empty list means some may have been missed.
    func startJobChanges(_ changed: @escaping @Sendable ([String]) -> Void)
    func stopJobChanges()
    /// Runs `body` unless another process sharing the store runs a body of the same `name` now.
    func exclusively(_ name: String, _ body: () throws -> Void) throws -> Bool
}
