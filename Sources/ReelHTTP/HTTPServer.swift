import Foundation
import ReelBasics
import Glibc

/// An HTTP/1.1 server: event-loop threads (epoll, one per core by default) own the connections and
/// a fixed pool of threads runs the handler, so thousands of idle keep-alive connections cost no
/// thread each.
/// Linux only (epoll, eventfd).
///
/// `start()` binds and starts the threads; `shutdown(gracePeriod:)` stops accepting, lets requests
/// in progress finish, and returns once everything is closed. A server is started at most once.
public final class HTTPServer: Sendable {
    private enum Phase { case created, running, stopped }

    public let configuration: HTTPServerConfiguration
    private let handler: HTTPHandler
    private let logger: (@Sendable (String) -> Void)?
    private struct State {
        var phase = Phase.created
        var boundPort = 0
        var loops: [EventLoop] = []
        var pool: HandlerPool?
        var loopThreads: [JoinableThread] = []
    }
    private let state = Guarded(State())

    /// Checks the configuration; nothing is bound until `start()`. `logger` receives JSON objects,
    /// one per line (a line per request, and problems such as accept failures), several lines
    /// joined by newlines in one call at the end of each turn of the event loop; it is called on
    /// the event-loop thread, so it must be quick.
    public init(configuration: HTTPServerConfiguration, handler: HTTPHandler, logger: (@Sendable (String) -> Void)? = nil) throws {
        let problems = configuration.problems()
        guard problems.isEmpty else { throw HTTPServerError.invalidConfiguration(problems) }
        self.configuration = configuration
        self.handler = handler
        self.logger = logger
    }

    /// The bound port (the kernel's choice when the configuration asked for 0); 0 before `start()`.
    public var port: Int {
        state.withLock { $0.boundPort }
    }

    /// Binds and listens, then starts the handler pool and the event-loop thread.
    public func start() throws {
        try state.withLock { s in
        guard s.phase == .created else {
            throw HTTPServerError.notStartable(s.phase == .running ? "it is already running" : "it has been shut down")
        }
        let listener = try ListeningSocket(host: configuration.host, port: configuration.port,
                                           backlog: Int32(min(configuration.maxConnections, Int(SOMAXCONN))))
        let pool = try HandlerPool(size: configuration.handlerThreads, handler: handler)
        let open = ConnectionCount()
        var loops: [EventLoop] = []
        do {
            for i in 0..<configuration.eventLoops {
                loops.append(try EventLoop(configuration: configuration, handler: handler, logger: logger,
                                           listener: i == 0 ? listener : nil, mailbox: try LoopMailbox(), pool: pool,
                                           openConnections: open))
            }
            for loop in loops { loop.siblings = loops }
            for (i, loop) in loops.enumerated() {
                s.loopThreads.append(try JoinableThread(name: i == 0 ? "reel-http-loop" : "reel-http-loop\(i)") { loop.run() })
            }
        } catch {
            for (loop, thread) in zip(loops, s.loopThreads) {
                loop.mailbox.requestShutdown(deadline: MonotonicClock.now())
                thread.join()
            }
            s.loopThreads = []
            _ = pool.stop(deadline: MonotonicClock.now())
            throw error
        }
        s.loops = loops
        s.pool = pool
        s.boundPort = listener.port
        s.phase = .running
        }
    }

    /// Stops the server: closes the listener and idle connections at once, lets requests being
    /// received, handled or written finish (their responses say `Connection: close`) until
    /// `gracePeriod` seconds have passed, then closes whatever is left and joins the threads.
    /// Handler threads still busy when the grace period ends are detached and end on their own.
    /// Returns when done; calling it again (or before `start()`) does nothing.
    public func shutdown(gracePeriod: Double) {
        let taken: (loops: [EventLoop], threads: [JoinableThread], pool: HandlerPool)? = state.withLock { s in
            defer {
                s.phase = .stopped
                s.loops = []
                s.pool = nil
                s.loopThreads = []
            }
            guard s.phase == .running, let pool = s.pool else { return nil }
            return (s.loops, s.loopThreads, pool)
        }
        guard let (loops, threads, pool) = taken else { return }

        let deadline = MonotonicClock.now() &+ MonotonicClock.nanoseconds(gracePeriod)
        for loop in loops { loop.mailbox.requestShutdown(deadline: deadline) }
        for thread in threads { thread.join() }
        for loop in loops { loop.siblings = [] }  // the loops referred to each other
        _ = pool.stop(deadline: max(deadline, MonotonicClock.now() + 10_000_000))
    }

    deinit {
        shutdown(gracePeriod: 0)
    }
}
