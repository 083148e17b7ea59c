import Foundation
import ReelBasics

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

/// The only state shared between other threads (pool workers, the accepting loop, response streams,
/// `shutdown`) and an event loop: finished responses, connections handed over, streams with
/// something to write, and the shutdown request, behind a lock, with an eventfd to wake the loop.
final class LoopMailbox: Sendable {
    let wakeup: EventFD
    private struct State {
        var results: [HandlerResult] = []
        var connections: [HandedConnection] = []
        var readyStreams: [UInt64] = []
        var shutdownDeadline: UInt64?
        var isEmpty: Bool { results.isEmpty && connections.isEmpty && readyStreams.isEmpty }
    }
    private let state = Guarded(State())

    init() throws {
        wakeup = try EventFD()
    }

    func post(_ result: HandlerResult) {
        let wasEmpty = state.withLock { s in
            defer { s.results.append(result) }
            return s.isEmpty
        }
        // The loop drains the eventfd before it takes the results, so while results are waiting
        // a wakeup is already pending: one write per batch, not per response.
        if wasEmpty { wakeup.signal() }
    }

    /// A connection for this loop to serve (from the loop that accepted it).
    func post(_ connection: HandedConnection) {
        let wasEmpty = state.withLock { s in
            defer { s.connections.append(connection) }
            return s.isEmpty
        }
        if wasEmpty { wakeup.signal() }
    }

    /// The response stream of this connection has something new to write.
    func post(streamReady connectionID: UInt64) {
        let wasEmpty = state.withLock { s in
            defer { s.readyStreams.append(connectionID) }
            return s.isEmpty
        }
        if wasEmpty { wakeup.signal() }
    }

    /// Asks the loop to drain and stop; `deadline` is on `MonotonicClock`.
    func requestShutdown(deadline: UInt64) {
        state.withLock { s in
            if s.shutdownDeadline == nil { s.shutdownDeadline = deadline }
        }
        wakeup.signal()
    }

    /// Everything posted since the last call (loop thread only).
    func take() -> (results: [HandlerResult], connections: [HandedConnection], readyStreams: [UInt64], shutdownDeadline: UInt64?) {
        state.withLock { s in
            defer {
                s.results = []
                s.connections = []
                s.readyStreams = []
            }
            return (s.results, s.connections, s.readyStreams, s.shutdownDeadline)
        }
    }
}
