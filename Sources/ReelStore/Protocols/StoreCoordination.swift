/// How the processes sharing a store learn of work and take turns.
public protocol StoreCoordination: AnyObject, Sendable {
    /// How often an idle worker looks for work without being woken: the store's wake-ups
    /// (`startWakeups`) are the fast path, this is the safety net.
    var idlePollSeconds: Double { get }
    /// Calls `wake` whenever a job may have become claimable (on any node sharing the store),
    /// until `stopWakeups`.
    func startWakeups(_ wake: @escaping @Sendable () -> Void)
    func stopWakeups()
    /// Runs `body` unless another process sharing the store is running a body of the same `name`
    /// right now; false when it was skipped. Retention runs on one node at a time this way.
    @discardableResult func exclusively(_ name: String, _ body: () throws -> Void) throws -> Bool
}
