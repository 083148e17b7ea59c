/// Health and coordination are the backend's own: what they ask of the database is not a rule.
extension SQLJobStore {
    public func checkWritable(waitMillis: Int32 = 1000) throws { try backend.checkWritable(waitMillis: waitMillis) }
    public var freeBytes: Int64? { backend.freeBytes }
    public var idlePollSeconds: Double { backend.idlePollSeconds }
    public func startWakeups(_ wake: @escaping @Sendable () -> Void) { backend.startWakeups(wake) }
    public func stopWakeups() { backend.stopWakeups() }
    @discardableResult
    public func exclusively(_ name: String, _ body: () throws -> Void) throws -> Bool { try backend.exclusively(name, body) }
}
