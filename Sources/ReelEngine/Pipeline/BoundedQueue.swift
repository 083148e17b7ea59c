import Foundation

/// A bounded hand-off between two stages of a render (pictures to the encoder, encoded audio to the
/// muxer), so one stage works ahead of the next while memory stays bounded.
///
/// Frames a producer reuses stay safe: each queued frame is its own reference, and the next write to
/// a shared canvas (`makeWritable`) then copies instead of changing a queued picture.
final class BoundedQueue<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private let capacity: Int
    private var finished = false
    private var failure: Error?
    private var closed = false

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Waits for room, then queues `item`; false once the consumer has closed the queue.
    func push(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The producer is done, successfully (`error` nil) or not.
    func finish(error: Error?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next item; nil when the producer finished or the queue was closed; rethrows the
    /// producer's error.
    func pop() throws -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !finished && !closed { condition.wait() }
        if !items.isEmpty {
            let f = items.removeFirst()
            condition.broadcast()
            return f
        }
        if let failure { throw failure }
        return nil
    }

    /// The consumer stops (done, failed or cancelled): wakes and stops the producer.
    func close() {
        condition.lock()
        closed = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }
}
