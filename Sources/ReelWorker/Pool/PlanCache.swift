import Foundation
import Synchronization
import ReelStore
import ReelEngine

/// The plans of the last few jobs whose chunks this process's workers rendered, by job id and
/// attempt. Without
/// it a worker re-plans a job for every chunk it takes (decoding the spec, probing every source,
/// fetching a URL source's headers again); a job's spec never changes, and a `RenderPlan` is a
/// `Sendable` value (a job with `outputs`: its outputs' plans), so workers rendering chunks of one
/// job at once can share it. Bounded (the
/// least recently used goes) because a node may work on chunks of many jobs over its life.
/// Only plans that succeeded are kept: a source that failed for a passing reason is tried again.
final class PlanCache<Plan: Sendable>: Sendable {
    private let entries = Mutex<[(key: String, plan: Plan)]>([])
    let capacity: Int

    init(capacity: Int = 4) { self.capacity = max(1, capacity) }

    /// The cached plan under `key`, else `make()`'s, kept. Two workers missing at once both plan (the
    /// lock is not held while planning, which may take seconds); the second result replaces the first.
    func plan(for key: String, make: () throws -> Plan) rethrows -> Plan {
        if let hit = cached(key) { return hit }
        let plan = try make()
        entries.withLock { entries in
            entries.removeAll { $0.key == key }
            entries.append((key, plan))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        return plan
    }

    /// The plan under `key` if cached, marked as the most recently used.
    func cached(_ key: String) -> Plan? {
        entries.withLock { entries in
            guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: i)
            entries.append(entry)
            return entry.plan
        }
    }

    /// Keys cached, least recently used first (for tests).
    var keys: [String] {
        entries.withLock { $0.map(\.key) }
    }
}
