import Foundation
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
final class HandlerPool: @unchecked Sendable {
    private let handler: HTTPHandler
    private let condition = NSCondition()
    private var queue: [HandlerJob] = []
    private var queueHead = 0
    private var stopping = false
    private var running = 0
    private var threads: [JoinableThread] = []

    init(size: Int, handler: HTTPHandler) throws {
        self.handler = handler
        do {
            for index in 0..<size {
                condition.lock()
                running += 1
                condition.unlock()
                do {
                    threads.append(try JoinableThread(name: "reel-http-w\(index)") { [self] in work() })
                } catch {
                    condition.lock()
                    running -= 1
                    condition.unlock()
                    throw error
                }
            }
        } catch {
            _ = stop(deadline: MonotonicClock.now() + 1_000_000_000)
            throw error
        }
    }

    func submit(_ job: HandlerJob) {
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Stops the workers: queued requests are dropped (their connections are gone), running ones
    /// may finish until `deadline`. Returns true when every thread ended and was joined; threads
    /// still inside `handle` are detached and end on their own.
    func stop(deadline: UInt64) -> Bool {
        condition.lock()
        stopping = true
        let dropped = queue[queueHead...]
        queue = []
        queueHead = 0
        condition.broadcast()
        while running > 0 {
            let now = MonotonicClock.now()
            guard now < deadline else { break }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
        }
        let allEnded = running == 0
        condition.unlock()
        for job in dropped { Self.removeUpload(job.request) }
        for thread in threads {
            if allEnded { thread.join() } else { thread.detach() }
        }
        threads = []
        return allEnded
    }

    private func work() {
        while let job = next() {
            let response = handler.handle(job.request)
            Self.removeUpload(job.request)
            job.replyTo.post(HandlerResult(connectionID: job.connectionID, response: response))
        }
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func next() -> HandlerJob? {
        condition.lock()
        defer { condition.unlock() }
        while queueHead == queue.count && !stopping { condition.wait() }
        guard !stopping, queueHead < queue.count else { return nil }
        let job = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        }
        return job
    }

    /// Deletes an upload's temporary file if the handler left it in place.
    private static func removeUpload(_ request: HTTPRequest) {
        if case .file(let path, _) = request.body { unlink(path) }
    }
}
