import Foundation
import Synchronization
import Glibc

/// A thread that owns its connections' sockets: it waits in epoll, drives each `Connection`'s
/// state machine, enforces deadlines, and applies handler results that pool threads post to its
/// `LoopMailbox` (woken through its eventfd). The first loop also owns the listening socket: it
/// accepts, and hands every other connection (round robin) to the next loop through that loop's
/// mailbox, so the loops share the parsing, inline answers and writing on several cores. Idle
/// connections cost a table entry and an epoll registration, no thread.
final class EventLoop: ConnectionHost {
    private static let wakeupToken: UInt64 = 0
    private static let listenerToken: UInt64 = 1

    let configuration: HTTPServerConfiguration
    let handler: HTTPHandler
    let mailbox: LoopMailbox
    private let logger: (@Sendable (String) -> Void)?
    private let pool: HandlerPool
    private let epoll: Epoll
    private var listener: ListeningSocket?
    private var listening = true
    private var acceptResumeAt: UInt64 = 0
    private var connections: [UInt64: Connection] = [:]
    private var nextID: UInt64 = 2
    private var nextSweep = UInt64.max
    /// Every loop of the server (set once by `HTTPServer` before the threads start); the accepting
    /// loop hands connections to them in turn.
    var siblings: [EventLoop] = []
    private var nextSibling = 0
    /// Connections open on all loops together, against `maxConnections`.
    private let openConnections: ConnectionCount
    private var drainDeadline: UInt64 = 0
    private(set) var isDraining = false
    private var date = HTTPDate()
    private let readBuffer = ReadBuffer(size: 64 * 1024)
    private var pendingLog: [UInt8] = []

    /// `listener` is given to the first loop only.
    init(configuration: HTTPServerConfiguration, handler: HTTPHandler, logger: (@Sendable (String) -> Void)?,
         listener: ListeningSocket?, mailbox: LoopMailbox, pool: HandlerPool, openConnections: ConnectionCount) throws {
        self.configuration = configuration
        self.handler = handler
        self.logger = logger
        self.listener = listener
        self.mailbox = mailbox
        self.pool = pool
        self.openConnections = openConnections
        listening = listener != nil
        epoll = try Epoll()
        try epoll.add(mailbox.wakeup.rawValue, events: Epoll.readable, token: Self.wakeupToken)
        if let listener { try epoll.add(listener.descriptor.rawValue, events: Epoll.readable, token: Self.listenerToken) }
    }

    /// Runs until shutdown has drained every connection (or its grace period ran out).
    func run() {
        while true {
            let now = MonotonicClock.now()
            if isDraining && (connections.isEmpty || now >= drainDeadline) { break }
            if !listening && !isDraining && acceptResumeAt != 0 && now >= acceptResumeAt { resumeAccepting() }
            do {
                try epoll.wait(timeoutMs: waitTimeout(now: now)) { token, events in
                    switch token {
                    case Self.wakeupToken: mailbox.wakeup.drain()
                    case Self.listenerToken: acceptConnections()
                    default: connections[token]?.handle(events: events, buffer: readBuffer)
                    }
                }
            } catch {
                logProblem("the event loop failed; closing every connection", error: "\(error)")
                break
            }
            deliverMail()
            runDeadlines(now: MonotonicClock.now())
            flushLog()
        }
        for connection in Array(connections.values) { connection.close(reason: "the server shut down") }
        closeListener()
        flushLog()
    }

    private func waitTimeout(now: UInt64) -> Int32 {
        var wake = nextSweep
        if isDraining { wake = min(wake, drainDeadline) }
        if !listening && acceptResumeAt != 0 { wake = min(wake, acceptResumeAt) }
        guard wake != .max else { return -1 }
        guard wake > now else { return 0 }
        return Int32(min((wake - now + 999_999) / 1_000_000, 60_000))
    }

    // MARK: Accepting

    private func acceptConnections() {
        guard let listener else { return }
        for _ in 0..<128 {
            if openConnections.value >= configuration.maxConnections {
                // Connections close on any loop; look again shortly.
                pauseAccepting(until: MonotonicClock.now() + 10_000_000)
                return
            }
            switch listener.accept() {
            case .wouldBlock:
                return
            case .failed(let code):
                if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
                    logProblem("cannot accept a connection; pausing accepts for 100 ms",
                               error: HTTPServerError.describe(errno: code))
                    pauseAccepting(until: MonotonicClock.now() + 100_000_000)
                    return
                }
                continue  // ECONNABORTED, EINTR, EPROTO…: that one connection is gone
            case let .connection(socket, remote):
                openConnections.add(1)
                let target = siblings.isEmpty ? self : siblings[nextSibling % siblings.count]
                nextSibling &+= 1
                if target === self {
                    adopt(socket, remote: remote)
                } else {
                    target.mailbox.post(HandedConnection(socket: socket, remote: remote))
                }
            }
        }
    }

    /// Serves an accepted connection on this loop.
    private func adopt(_ socket: FileDescriptor, remote: String) {
        guard !isDraining else {
            socket.close()
            openConnections.add(-1)
            return
        }
        let id = nextID
        nextID += 1
        do {
            try epoll.add(socket.rawValue, events: Epoll.readable, token: id)
        } catch {
            logProblem("cannot watch a new connection", error: "\(error)")
            socket.close()
            openConnections.add(-1)
            return
        }
        let connection = Connection(id: id, socket: socket, remoteAddress: remote, host: self, interest: Epoll.readable)
        connections[id] = connection
        connection.start()
    }

    /// Stops watching the listener: new connections wait in the backlog. `until` 0 means until a
    /// connection closes.
    private func pauseAccepting(until: UInt64) {
        guard listening, let listener else { return }
        listening = false
        acceptResumeAt = until
        try? epoll.modify(listener.descriptor.rawValue, events: 0, token: Self.listenerToken)
    }

    private func resumeAccepting() {
        guard !listening, !isDraining, let listener else { return }
        guard openConnections.value < configuration.maxConnections else {
            acceptResumeAt = MonotonicClock.now() + 10_000_000
            return
        }
        listening = true
        acceptResumeAt = 0
        try? epoll.modify(listener.descriptor.rawValue, events: Epoll.readable, token: Self.listenerToken)
    }

    private func closeListener() {
        guard let listener else { return }
        epoll.remove(listener.descriptor.rawValue)
        listener.descriptor.close()
        self.listener = nil
        listening = false
    }

    // MARK: Mail, deadlines, shutdown

    private func deliverMail() {
        let (results, handed, readyStreams, shutdownDeadline) = mailbox.take()
        for connection in handed { adopt(connection.socket, remote: connection.remote) }
        for result in results {
            if let connection = connections[result.connectionID] {
                connection.onHandlerResult(result.response)
            } else if case .stream(let stream) = result.response.body {
                stream.close()  // its client left while the handler ran
            }
        }
        for id in readyStreams { connections[id]?.streamReady() }
        if let shutdownDeadline, !isDraining { beginDrain(deadline: shutdownDeadline) }
    }

    private func beginDrain(deadline: UInt64) {
        isDraining = true
        drainDeadline = deadline
        closeListener()
        for connection in Array(connections.values) { connection.beginDrain() }
    }

    private func runDeadlines(now: UInt64) {
        guard now >= nextSweep else { return }
        nextSweep = .max
        for connection in Array(connections.values) {
            connection.checkDeadline(now: now)
            if !connection.isClosed && connection.deadline != 0 { nextSweep = min(nextSweep, connection.deadline) }
        }
    }

    // MARK: ConnectionHost

    func setInterest(_ connection: Connection, _ events: UInt32) {
        do {
            try epoll.modify(connection.socket.rawValue, events: events, token: connection.id)
        } catch {
            connection.close(reason: "\(error)")
        }
    }

    func noteDeadline(_ deadline: UInt64) {
        nextSweep = min(nextSweep, deadline)
    }

    func dispatch(_ request: HTTPRequest, from connection: Connection) {
        pool.submit(HandlerJob(connectionID: connection.id, request: request, replyTo: mailbox))
    }

    func remove(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        epoll.remove(connection.socket.rawValue)
        connection.socket.close()
        openConnections.add(-1)
        if !listening && acceptResumeAt == 0 { resumeAccepting() }
    }

    /// Lines wait for the end of the loop's turn and go to the logger together: under load one
    /// call (and one write) covers every request answered in that turn.
    func log(_ line: LogLine) {
        guard logger != nil else { return }
        if !pendingLog.isEmpty { pendingLog.append(0x0A) }
        pendingLog += line.closed
    }

    private func flushLog() {
        guard !pendingLog.isEmpty else { return }
        logger?(String(decoding: pendingLog, as: UTF8.self))
        pendingLog.removeAll(keepingCapacity: true)
    }

    func httpDate() -> String {
        date.current()
    }

    private func logProblem(_ message: String, error: String) {
        var line = LogLine(level: "error", msg: message)
        line.string("error", error)
        log(line)
    }
}

/// Connections open on every loop of a server, counted against `maxConnections`.
final class ConnectionCount: Sendable {
    private let count = Atomic(0)

    var value: Int { count.load(ordering: .relaxed) }

    func add(_ n: Int) { count.add(n, ordering: .relaxed) }
}
