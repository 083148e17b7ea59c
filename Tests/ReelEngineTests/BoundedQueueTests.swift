@testable import ReelEngine
import TestSupport
import Synchronization
import XCTest

/// The hand-off between render stages: order kept, producer held at capacity, errors and closing
/// reach the other side instead of leaving a thread waiting.
final class BoundedQueueTests: XCTestCase {
    func testItemsArriveInOrderAndTheProducerWaitsAtCapacity() throws {
        let queue = BoundedQueue<Int>(capacity: 3)
        let pushed = Counter()
        let done = StageThread.start("test-producer") {
            for i in 0..<100 {
                guard queue.push(i) else { return }
                pushed.set(i + 1)
            }
            queue.finish(error: nil)
        }
        // Nobody pops yet: the producer stops once three items wait, and waits for room.
        XCTAssertTrue(Poll.until(seconds: 5) { queue.producerWaits == 1 }, "the fourth push waits")
        XCTAssertEqual(pushed.value, 3)
        var got: [Int] = []
        while let i = try queue.pop() { got.append(i) }
        XCTAssertEqual(got, Array(0..<100))
        done.wait()
    }

    func testTheProducersErrorArrivesAfterItsItems() {
        let queue = BoundedQueue<Int>(capacity: 4)
        XCTAssertTrue(queue.push(1))
        XCTAssertTrue(queue.push(2))
        queue.finish(error: CocoaError(.fileReadCorruptFile))
        XCTAssertEqual(try queue.pop(), 1)
        XCTAssertEqual(try queue.pop(), 2)
        XCTAssertThrowsError(try queue.pop()) { XCTAssertEqual(($0 as? CocoaError)?.code, .fileReadCorruptFile) }
    }

    func testClosingReleasesAWaitingProducer() {
        let queue = BoundedQueue<Int>(capacity: 1)
        let refused = Counter()
        let done = StageThread.start("test-producer") {
            _ = queue.push(0)
            if !queue.push(1) { refused.set(1) }  // waits for room until the close
        }
        XCTAssertTrue(Poll.until(seconds: 5) { queue.producerWaits == 1 }, "the second push waits for room")
        queue.close()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success, "the producer was released")
        XCTAssertEqual(refused.value, 1)
        XCTAssertTrue(queue.isClosed)
    }

    func testPopAfterCloseEndsInsteadOfWaiting() throws {
        let queue = BoundedQueue<Int>(capacity: 2)
        XCTAssertTrue(queue.push(7))
        queue.close()
        XCTAssertNil(try queue.pop(), "a closed queue is empty and never fills again")
        XCTAssertFalse(queue.push(8))
    }
}

/// An integer written on one thread and read on another.
private final class Counter: Sendable {
    private let v = Atomic(0)
    func set(_ n: Int) { v.store(n, ordering: .releasing) }
    var value: Int { v.load(ordering: .acquiring) }
}
