/// What an events stream asks of the store: to hear of every job change that commits, on this
/// node or any other sharing the store, and to find what changed since a point in the order of
/// changes (`Job.changeSeq`) when a client resumes.
public protocol JobChangeFeed: AnyObject, Sendable {
    /// Calls `changed` with the ids of jobs whose changes committed, from the thread that committed
    /// them or the store's listener, until `stopJobChanges`; an empty list means some may have
    /// been missed (the listener reconnected).
    func startJobChanges(_ changed: @escaping @Sendable ([String]) -> Void)
    func stopJobChanges()
    /// The jobs of `keyID` (nil: of any key) changed after `changeSeq`, in the order of their
    /// latest change, at most `limit`.
    func jobsChanged(keyID: String?, after changeSeq: Int64, limit: Int) throws -> [Job]
    /// The largest change number given so far (0 before any): where a new stream starts.
    func latestChange() throws -> Int64
}
