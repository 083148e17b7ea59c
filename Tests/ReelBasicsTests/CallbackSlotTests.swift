import Foundation
import ReelBasics
import Synchronization
import XCTest

/// `CallbackSlot` hands its callback out as the same closure every time. The pattern it replaced,
/// a closure stored in a `Mutex` and read with `withLock { $0 }`, wrapped the stored closure in one
/// more thunk on every read: the call stack under the callback grew with every call (and the heap
/// with it, 32 bytes a call: the job store's wake-up after each submit; with Swift 6.3 the depth
/// grew by two frames a call, 11, 13, 15…). The stack's depth is the measure here, exact where
/// memory is noisy.
final class CallbackSlotTests: XCTestCase {
    /// The depth of the call stack inside the callback, over `calls` calls made by `call`.
    func depths(_ calls: Int, install: (@escaping @Sendable () -> Void) -> Void, call: () -> Void) -> [Int] {
        let seen = Mutex<[Int]>([])
        install { let d = Thread.callStackSymbols.count; seen.withLock { $0.append(d) } }
        for _ in 0..<calls { call() }
        return seen.withLock { $0 }
    }

    func testTheCallbackIsCalledAtTheSameDepthEveryTime() {
        let slot = CallbackSlot<Void, Void>()
        XCTAssertNil(slot.call(), "nothing installed")
        let steady = depths(50, install: { f in slot.set { f() } }, call: { _ = slot.call() })
        XCTAssertEqual(steady.count, 50)
        XCTAssertEqual(Set(steady).count, 1, "no thunk added by a read: \(steady)")


        slot.set(nil)
        XCTAssertNil(slot.call(), "removed")
        let answers = CallbackSlot<Void, Set<String>?>()
        answers.set { ["a"] }
        XCTAssertEqual(answers.call(), .some(["a"]))
    }
}
