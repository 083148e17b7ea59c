import Foundation
import ReelEngine
import Synchronization

/// The preview contexts open on this node, by spec: an editor scrubbing one timeline asks for one
/// frame after another of the same spec, and each finds its plan made and its sources' decoders
/// where the last frame left them. Bounded by count (each holds a decoder or two per source on the
/// frame: about 23 MiB at 720p, docs/PERFORMANCE.md "Preview"): the least recently used
/// goes first, and one unused for `maxIdle` is closed at the next lookup, so a file changed on
/// disk is read afresh within that time.
final class PreviewContexts: Sendable {
    private struct Entry {
        let context: PreviewContext
        var used: UInt64
        var at: ContinuousClock.Instant
    }

    let capacity: Int
    let maxIdle: Duration
    private let entries = Mutex<(clock: UInt64, byKey: [String: Entry])>((0, [:]))

    init(capacity: Int = 32, maxIdle: Duration = .seconds(300)) {
        self.capacity = max(1, capacity)
        self.maxIdle = maxIdle
    }

    /// The open context for `key`, or `make`'s (kept), and whether it was open already. Two first
    /// previews of one spec at once may both plan it; the later context is the one kept.
    func context(for key: String, make: () throws -> PreviewContext) throws -> (context: PreviewContext, reused: Bool) {
        let now = ContinuousClock.now
        // Contexts let go of are returned out of the lock, so they close (`PreviewContext.deinit`:
        // their decoders freed) after it, or when their last preview ends.
        let (open, others, expired) = entries.withLock { state -> (PreviewContext?, [PreviewContext], [PreviewContext]) in
            let expired = state.byKey.filter { !(now - $0.value.at < maxIdle) }
            for k in expired.keys { state.byKey[k] = nil }
            let others = state.byKey.filter { $0.key != key }.map(\.value.context)
            guard var e = state.byKey[key] else { return (nil, others, expired.map(\.value.context)) }
            state.clock += 1
            e.used = state.clock
            e.at = now
            state.byKey[key] = e
            return (e.context, others, expired.map(\.value.context))
        }
        withExtendedLifetime(expired) {}
        // Only the spec being previewed keeps decoded frames for stepping back.
        for other in others { other.dropRecentFrames() }
        if let open { return (open, true) }
        let made = try make()
        let dropped = entries.withLock { state -> [PreviewContext] in
            state.clock += 1
            var out: [PreviewContext] = []
            if let old = state.byKey.updateValue(Entry(context: made, used: state.clock, at: now), forKey: key) { out.append(old.context) }
            while state.byKey.count > capacity, let oldest = state.byKey.min(by: { $0.value.used < $1.value.used }) {
                out.append(oldest.value.context)
                state.byKey[oldest.key] = nil
            }
            return out
        }
        withExtendedLifetime(dropped) {}
        return (made, false)
    }

    var count: Int { entries.withLock { $0.byKey.count } }
}
