import Foundation

/// A finished `handle` call on its way back to the event loop.
struct HandlerResult {
    let connectionID: UInt64
    let response: HTTPResponse
}

/// The only state shared between other threads (pool workers, `shutdown`) and the event loop:
/// finished responses and the shutdown request, behind a lock, with an eventfd to wake the loop.
final class LoopMailbox: @unchecked Sendable {
    let wakeup: EventFD
    private let lock = NSLock()
    private var results: [HandlerResult] = []
    private var shutdownDeadline: UInt64?

    init() throws {
        wakeup = try EventFD()
    }

    func post(_ result: HandlerResult) {
        lock.lock()
        let wasEmpty = results.isEmpty
        results.append(result)
        lock.unlock()
        // The loop drains the eventfd before it takes the results, so while results are waiting
        // a wakeup is already pending: one write per batch, not per response.
        if wasEmpty { wakeup.signal() }
    }

    /// Asks the loop to drain and stop; `deadline` is on `MonotonicClock`.
    func requestShutdown(deadline: UInt64) {
        lock.lock()
        if shutdownDeadline == nil { shutdownDeadline = deadline }
        lock.unlock()
        wakeup.signal()
    }

    /// Everything posted since the last call (loop thread only).
    func take() -> (results: [HandlerResult], shutdownDeadline: UInt64?) {
        lock.lock()
        defer { lock.unlock() }
        let taken = results
        results = []
        return (taken, shutdownDeadline)
    }
}
