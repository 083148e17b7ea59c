import Foundation

/// A bounded hand-off of output frames from the picture thread to the encoding thread, so decoding
/// and compositing the next frames overlaps with encoding this one while memory stays bounded.
///
/// Canvases the picture side reuses stay safe: each queued frame is its own reference, and the next
/// write to a shared canvas (`makeWritable`) then copies instead of changing a queued picture.
final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Frame] = []
    private let capacity: Int
    private var finished = false
    private var failure: Error?
    private var closed = false

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Bytes of queued pictures the renderer allows itself.
    static let budget = 24 << 20

    /// How many pictures of `frameBytes` each to queue: as many as `budget` holds, 2 to 16. A deep
    /// queue lets the picture stage run ahead while it is cheap, so the encoder does not wait when a
    /// segment opens (a seek and a keyframe to decode): 16 at 720p, which the benchmark measured about
    /// 1 % faster than 4 (within its noise). The byte budget keeps memory flat at larger sizes: 2 frames at 4K.
    static func depth(frameBytes: Int) -> Int {
        min(16, max(2, budget / max(1, frameBytes)))
    }

    /// Waits for room, then queues `frame`; false once the consumer has closed the queue.
    func push(_ frame: Frame) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        items.append(frame)
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

    /// The next frame; nil when the producer finished; rethrows the producer's error.
    func pop() throws -> Frame? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !finished { condition.wait() }
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
