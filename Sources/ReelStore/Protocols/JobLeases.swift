/// How workers take jobs: a lease they renew while rendering. A job whose lease runs out (its
/// process died) is claimed again, until `maxAttempts`, then fails with its last error.
public protocol JobLeases: AnyObject, Sendable {
    /// Takes the oldest runnable job for `owner`: a queued one, or a running one whose lease ran
    /// out. A job whose lease ran out after its last attempt fails instead, with the reason.
    func claim(owner: String) throws -> Job?
    /// Renews the lease and records progress (with a `progress` webhook event at most every 5 s).
    func heartbeat(_ id: String, owner: String, progress: Double, eta: Double?) throws -> LeaseStatus
    /// Records success with the job's outputs: its one (`name` nil) or its named ones, in the
    /// spec's order. False when the lease was lost meanwhile (the outputs are then not recorded).
    @discardableResult func complete(_ id: String, owner: String, outputs: [JobOutput]) throws -> Bool
    /// Records a failure; with `retry`, the job is queued again while attempts remain.
    @discardableResult func fail(_ id: String, owner: String, error: JobError, retry: Bool) throws -> Bool
    /// Records that the worker stopped the job because the user cancelled it.
    @discardableResult func markCanceled(_ id: String, owner: String) throws -> Bool
    /// Gives a running job back to the queue without counting the attempt (graceful shutdown).
    func release(_ id: String, owner: String) throws
}

extension JobLeases {
    /// Records success with the job's one output.
    @discardableResult public func complete(_ id: String, owner: String, output: JobOutput) throws -> Bool {
        try complete(id, owner: owner, outputs: [output])
    }
}
