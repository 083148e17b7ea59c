import Foundation
import ReelBasics
import Glibc

/// A request waiting for a pool thread.
struct HandlerJob {
    let connectionID: UInt64
    let request: HTTPRequest
    /// The mailbox of the loop that owns the connection.
    let replyTo: LoopMailbox
}

/// A fixed number of threads running `HTTPHandler.handle`, fed by the event loop. Each connection
/// has at most one request in the queue or running, so the queue is bounded by `maxConnections`.
final class HandlerPool: Sendable {
    private let handler: HTTPHandler
    private struct State {
        var queue: [HandlerJob] = []
        var queueHead = 0
        var stopping = false
        var running = 0
        var threads: [JoinableThread] = []
    }
    private let state = Guarded(State())

    init(size: Int, handler: HTTPHandler) throws {
        self.handler = handler
        do {
            for index in 0..<size {
                state.withLock { $0.running += 1 }
                do {
                    let thread = try JoinableThread(name: "reel-http-w\(index)") { [self] in work() }
                    state.withLock { $0.threads.append(thread) }
                } catch {
                    state.withLock { $0.running -= 1 }
                    throw error
                }
            }
        } catch {
            _ = stop(deadline: MonotonicClock.now() + 1_000_000_000)
            throw error
        }
    }

    func submit(_ job: HandlerJob) {
        state.withLock(waking: .one) { $0.queue.append(job) }
    }

    /// Stops the workers: queued requests are dropped (their connections are gone), running ones
    /// may finish until `deadline`. Returns true when every thread ended and was joined; threads
    /// still inside `handle` are detached and end on their own.
    func stop(deadline: UInt64) -> Bool {
        let dropped: [HandlerJob] = state.withLock(waking: .all) { s in
            s.stopping = true
            let dropped = Array(s.queue[s.queueHead...])
            s.queue = []
            s.queueHead = 0
            return dropped
        }
        for job in dropped { Self.removeUpload(job.request) }
        let seconds = Double(deadline > MonotonicClock.now() ? deadline - MonotonicClock.now() : 0) / 1e9
        let (allEnded, threads) = state.wait(until: Date(timeIntervalSinceNow: seconds), for: { $0.running == 0 }) { s in
            defer { s.threads = [] }
            return (s.running == 0, s.threads)
        }
        for thread in threads {
            if allEnded { thread.join() } else { thread.detach() }
        }
        return allEnded
    }

    private func work() {
        while let job = next() {
            let response = handler.handle(job.request)
            Self.removeUpload(job.request)
            job.replyTo.post(HandlerResult(connectionID: job.connectionID, response: response))
        }
        state.withLock(waking: .all) { $0.running -= 1 }
    }

    private func next() -> HandlerJob? {
        state.wait(for: { $0.queueHead < $0.queue.count || $0.stopping }) { s in
            guard !s.stopping, s.queueHead < s.queue.count else { return nil }
            let job = s.queue[s.queueHead]
            s.queueHead += 1
            if s.queueHead == s.queue.count {
                s.queue.removeAll(keepingCapacity: true)
                s.queueHead = 0
            }
            return job
        }
    }

    /// Deletes an upload's temporary file if the handler left it in place.
    private static func removeUpload(_ request: HTTPRequest) {
        if case .file(let path, _) = request.body { unlink(path) }
    }
}
