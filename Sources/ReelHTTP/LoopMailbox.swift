import Foundation

/// A finished `handle` call on its way back to the event loop.
struct HandlerResult {
    let connectionID: UInt64
    let response: HTTPResponse
}

/// An accepted socket handed from the accepting loop to another loop.
struct HandedConnection {
    let socket: FileDescriptor
    let remote: String
}

/// The only state shared between other threads (pool workers, the accepting loop, `shutdown`) and
/// an event loop: finished responses, connections handed over, and the shutdown request, behind a
/// lock, with an eventfd to wake the loop.
final class LoopMailbox: @unchecked Sendable {
    let wakeup: EventFD
    private let lock = NSLock()
    private var results: [HandlerResult] = []
    private var connections: [HandedConnection] = []
    private var shutdownDeadline: UInt64?

    init() throws {
        wakeup = try EventFD()
    }

    func post(_ result: HandlerResult) {
        lock.lock()
        let wasEmpty = results.isEmpty && connections.isEmpty
        results.append(result)
        lock.unlock()
        // The loop drains the eventfd before it takes the results, so while results are waiting
        // a wakeup is already pending: one write per batch, not per response.
        if wasEmpty { wakeup.signal() }
    }

    /// A connection for this loop to serve (from the loop that accepted it).
    func post(_ connection: HandedConnection) {
        lock.lock()
        let wasEmpty = results.isEmpty && connections.isEmpty
        connections.append(connection)
        lock.unlock()
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
    func take() -> (results: [HandlerResult], connections: [HandedConnection], shutdownDeadline: UInt64?) {
        lock.lock()
        defer { lock.unlock() }
        let taken = results, handed = connections
        results = []
        connections = []
        return (taken, handed, shutdownDeadline)
    }
}
