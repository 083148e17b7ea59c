import Foundation

/// State that threads share, guarded by one lock with a condition to wait on: one of the two types
/// in Reel whose thread safety the compiler takes on trust (`@unchecked Sendable`; the other is
/// ReelEngine's `FontCandidate`, immutable after `init`), because it is built on `NSCondition`
/// rather than on `Mutex` (which cannot wait). The proof is local: `state` is private
/// and touched only inside `withLock` and `wait`, which hold the condition's lock for the whole of
/// their body, so no two threads ever touch it at once. `State` need not be `Sendable`: that is
/// the point of a hand-off (a queue of frames from a decoder thread to an encoder thread); a value
/// put in by one thread and taken out by another is no longer used by the first.
public final class Guarded<State>: @unchecked Sendable {
    private let condition = NSCondition()
    private var state: State

    public init(_ state: State) { self.state = state }

    /// Whom to wake once a body has changed the state.
    public enum Wake: Sendable { case none, one, all }

    /// Runs `body` with the state, under the lock, then wakes as asked.
    @discardableResult
    public func withLock<R>(waking wake: Wake = .none, _ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer { finish(wake) }
        return try body(&state)
    }

    /// Waits until `ready` holds (checked under the lock, again after each wake-up) or `deadline`
    /// passes (nil: no deadline), then runs `body` under the same hold of the lock and wakes as asked.
    /// `blocked` runs once, under the lock, when the first check finds it must wait.
    @discardableResult
    public func wait<R>(until deadline: Date? = nil, for ready: (State) -> Bool, blocked: ((inout State) -> Void)? = nil,
                        waking wake: Wake = .none, then body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer { finish(wake) }
        if !ready(state) { blocked?(&state) }
        while !ready(state) {
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                condition.wait()
            }
        }
        return try body(&state)
    }

    private func finish(_ wake: Wake) {
        switch wake {
        case .none: break
        case .one: condition.signal()
        case .all: condition.broadcast()
        }
        condition.unlock()
    }
}
