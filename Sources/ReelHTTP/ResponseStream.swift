import Synchronization

/// The body of a response whose end is not known when it starts (Server-Sent Events): the
/// application `send`s pieces from any thread, the connection's event loop writes them as they come
/// (chunked, or until close for HTTP/1.0), and `finish` ends it. The handler thread returns at once,
/// so an open stream costs a table entry on its loop and no thread. What the client has not taken
/// yet waits here, up to `limit` bytes: a client that falls further behind is dropped (the
/// connection closes), so a slow reader costs bounded memory and never slows the sender.
public final class ResponseStream: Sendable, Equatable {
    /// Bytes waiting for the client at most; past it the client is dropped.
    public let limit: Int
    /// Sent whenever the stream was quiet for `heartbeatSeconds` (an SSE comment), so proxies and
    /// clients can tell a quiet stream from a dead one, and a vanished client is noticed.
    public let heartbeat: [UInt8]
    public let heartbeatSeconds: Double

    private struct State {
        var pending: [UInt8] = []
        var finished = false
        /// The connection ended (client gone, dropped, server shut down) or the stream was written
        /// to its end: nothing more is taken.
        var closed = false
        var overflowed = false
        /// Set by the loop when it found nothing to write: the next `send` must wake it.
        var loopWaiting = false
        var mailbox: LoopMailbox?
        var connectionID: UInt64 = 0
        var onClose: OnClose?
    }

    /// A class, so the callback leaves the lock as a reference (see `CallbackSlot`), and is taken
    /// out under it, so it runs exactly once.
    private final class OnClose: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private let state = Mutex(State())

    public init(limit: Int, heartbeat: [UInt8], heartbeatSeconds: Double) {
        self.limit = max(1, limit)
        self.heartbeat = heartbeat
        self.heartbeatSeconds = heartbeatSeconds
    }

    public static func == (a: ResponseStream, b: ResponseStream) -> Bool { a === b }

    /// Queues `bytes` for the client. False once the stream is closed or finished (the producer
    /// should forget it); a send that takes the backlog past `limit` drops the client.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        let (accepted, wake) = state.withLock { s -> (Bool, (LoopMailbox, UInt64)?) in
            guard !s.closed, !s.finished, !s.overflowed else { return (false, nil) }
            // One piece larger than the limit still goes to a client that has taken everything.
            if !s.pending.isEmpty && s.pending.count + bytes.count > limit {
                s.overflowed = true
                s.pending = []
                // The loop may be waiting for a socket that will never drain: wake it regardless.
                s.loopWaiting = true
            } else {
                s.pending += bytes
            }
            return (!s.overflowed, Self.wakeLoop(&s))
        }
        if let (mailbox, id) = wake { mailbox.post(streamReady: id) }
        return accepted
    }

    /// Ends the stream once what was sent has been written.
    public func finish() {
        let wake = state.withLock { s -> (LoopMailbox, UInt64)? in
            guard !s.finished else { return nil }
            s.finished = true
            return Self.wakeLoop(&s)
        }
        if let (mailbox, id) = wake { mailbox.post(streamReady: id) }
    }

    /// Runs `callback` once when the stream closes (at once if it has): the client went, was
    /// dropped, the server shut down, or the stream was written to its end.
    public func whenClosed(_ callback: @escaping @Sendable () -> Void) {
        let box = OnClose(callback)
        let runNow = state.withLock { s -> Bool in
            if s.closed { return true }
            s.onClose = box
            return false
        }
        if runNow { box.run() }
    }

    public var isClosed: Bool { state.withLock { $0.closed } }

    /// The client fell too far behind: the connection is to be dropped.
    var hasOverflowed: Bool { state.withLock { $0.overflowed } }

    /// Bytes waiting for the client now.
    public var backlog: Int { state.withLock { $0.pending.count } }

    private static func wakeLoop(_ s: inout State) -> (LoopMailbox, UInt64)? {
        guard s.loopWaiting, let mailbox = s.mailbox else { return nil }
        s.loopWaiting = false
        return (mailbox, s.connectionID)
    }

    // MARK: The event loop's side

    enum Take {
        case bytes([UInt8])
        /// Nothing now: the next `send` or `finish` posts `streamReady` to the mailbox.
        case idle
        case finished
        case overflowed
    }

    /// Which loop and connection a `send` wakes.
    func attach(to mailbox: LoopMailbox, connectionID: UInt64) {
        state.withLock { s in
            s.mailbox = mailbox
            s.connectionID = connectionID
        }
    }

    /// Everything sent since the last call, or why there is nothing.
    func take() -> Take {
        state.withLock { s in
            if s.overflowed { return .overflowed }
            if !s.pending.isEmpty {
                defer { s.pending = [] }
                return .bytes(s.pending)
            }
            if s.finished { return .finished }
            s.loopWaiting = true
            return .idle
        }
    }

    /// The connection is done with the stream: later sends are refused, the callback runs.
    func close() {
        let callback = state.withLock { s -> OnClose? in
            defer {
                s.closed = true
                s.pending = []
                s.mailbox = nil
                s.onClose = nil
            }
            return s.onClose
        }
        callback?.run()
    }
}
