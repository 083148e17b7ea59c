import Foundation
import ReelSpec
import Synchronization

/// Every source a timeline names, resolved and probed once, before planning.
///
/// Probing a video decodes a few of its frames (`avformat_find_stream_info`, about 45 ms for a 720p
/// H.264 clip), and nothing else can start until the plan exists: probed one after another, a
/// timeline of many clips keeps one core busy and the others idle. So the sources are probed
/// concurrently, one per core, and a source the timeline names twice is probed once.
struct SourceProbes {
    /// A resolved path and what is in the file, or why the source cannot be used.
    typealias Outcome = Result<(path: String, info: MediaInfo), Error>

    private let outcomes: [String: Outcome]
    private let resolver: SourceResolver

    /// The first source (in timeline order) that failed for a reason that may pass — a network
    /// timeout, a server's 5xx, memory — rather than for what it is. A plan cannot be judged while
    /// one of its sources is unreachable, so the planner reports this instead of a spec problem.
    let transientFailure: (src: String, error: Error)?

    init(sources: [String], resolver: SourceResolver) {
        self.resolver = resolver
        let unique = Array(Set(sources))
        let box = OutcomeBox(count: unique.count)
        DispatchQueue.concurrentPerform(iterations: unique.count) { i in
            let outcome = Outcome {
                let path = try resolver.resolve(unique[i])
                return (path, try MediaProbe.probe(path: path))
            }
            box.set(i, outcome)
        }
        let outcomes = Dictionary(uniqueKeysWithValues: zip(unique, box.values))
        self.outcomes = outcomes
        transientFailure = sources.lazy.compactMap { src -> (src: String, error: Error)? in
            guard case .failure(let error)? = outcomes[src], RenderError.isTransient(error) else { return nil }
            return (src, error)
        }.first
    }

    /// The resolved path and media info of `src`; rethrows why it was refused or unreadable.
    func probe(_ src: String) throws -> (path: String, info: MediaInfo) {
        if let outcome = outcomes[src] { return try outcome.get() }
        // Not among the sources given at init: probed now, on this thread.
        let path = try resolver.resolve(src)
        return (path, try MediaProbe.probe(path: path))
    }

    /// Results written by concurrent probes, each into its own slot.
    private final class OutcomeBox: Sendable {
        private let slots: Mutex<[Outcome?]>

        init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

        func set(_ i: Int, _ outcome: Outcome) { slots.withLock { $0[i] = outcome } }

        var values: [Outcome] { slots.withLock { $0.map { $0! } } }
    }
}
