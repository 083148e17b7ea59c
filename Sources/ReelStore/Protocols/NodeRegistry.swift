/// The nodes sharing the store, each with its workers: a node renews its row while it runs and
/// removes it when it stops, so the live workers of the whole cluster can be counted (a job's chunk
/// length is chosen from them: `ChunkLength`). A node that died stops being counted once its row is
/// older than the window asked for.
public protocol NodeRegistry: AnyObject, Sendable {
    /// Records that node `id` runs `workers` workers now (and forgets nodes silent for an hour).
    func heartbeat(node id: String, workers: Int) throws
    /// The workers of the nodes heard from within the last `seconds`.
    func liveWorkers(seenWithin seconds: Double) throws -> Int
    /// Node `id` stopped.
    func forgetNode(_ id: String) throws
}
