import Foundation
import ReelBasics

/// A bounded hand-off between two stages of a render (pictures to the encoder, encoded audio to the
/// muxer), so one stage works ahead of the next while memory stays bounded.
///
/// Frames a producer reuses stay safe: each queued frame is its own reference, and the next write to
/// a shared canvas (`makeWritable`) then copies instead of changing a queued picture.
final class BoundedQueue<Item>: Sendable {
    private struct State {
        var items: [Item] = []
        var finished = false
        var failure: Error?
        var closed = false
        var producerWaits = 0
    }
    private let state = Guarded(State())
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Waits for room, then queues `item`; false once the consumer has closed the queue.
    func push(_ item: Item) -> Bool {
        state.wait(for: { $0.items.count < capacity || $0.closed }, blocked: { $0.producerWaits += 1 }, waking: .all) { s in
            guard !s.closed else { return false }
            s.items.append(item)
            return true
        }
    }

    /// The producer is done, successfully (`error` nil) or not.
    func finish(error: Error?) {
        state.withLock(waking: .all) { s in
            s.finished = true
            s.failure = error
        }
    }

    /// The next item; nil when the producer finished or the queue was closed; rethrows the
    /// producer's error.
    func pop() throws -> Item? {
        try state.wait(for: { !$0.items.isEmpty || $0.finished || $0.closed }, waking: .all) { s in
            if !s.items.isEmpty { return s.items.removeFirst() }
            if let failure = s.failure { throw failure }
            return nil
        }
    }

    /// The consumer stops (done, failed or cancelled): wakes and stops the producer.
    func close() {
        state.withLock(waking: .all) { s in
            s.closed = true
            s.items.removeAll()
        }
    }

    var isClosed: Bool { state.withLock { $0.closed } }

    /// True when `pop()` would not wait: an item is queued, or the producer finished, or the queue
    /// was closed.
    var hasItemOrEnded: Bool { state.withLock { !$0.items.isEmpty || $0.finished || $0.closed } }

    /// How often the producer found the queue full and waited for room (the consumer is the
    /// slower stage).
    var producerWaits: Int { state.withLock { $0.producerWaits } }
}
