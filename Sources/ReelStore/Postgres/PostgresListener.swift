import Foundation
import ReelBasics
import Synchronization

/// A thread with a connection of its own that `LISTEN`s on a channel and calls `heard` with the
/// payloads of the notifications that arrived together. When the connection breaks (a server
/// restart), it connects again, once a second until that works, and calls `heard` with no
/// payloads once connected, since notifications sent meanwhile are lost.
final class PostgresListener: Sendable {
    let url: String
    let channel: String
    let heard: @Sendable ([String]) -> Void
    private let stopping = Atomic(false)
    private let done = DispatchSemaphore(value: 0)

    init(url: String, channel: String, heard: @escaping @Sendable ([String]) -> Void) {
        self.url = url
        self.channel = channel
        self.heard = heard
    }

    private var isStopping: Bool { stopping.load(ordering: .acquiring) }

    func start() {
        let t = Thread { [self] in
            defer { done.signal() }
            // A database that does not answer is asked again after pauses growing to 2 s (one that
            // comes back is heard from within them); a connection made resets them.
            let backoff = Backoff(first: 0.1, limit: 2)
            var failures = 0
            while !isStopping {
                guard let db = try? PostgresConnection(url: url), (try? db.execute("LISTEN \(channel)")) != nil else {
                    failures += 1
                    Thread.sleep(forTimeInterval: backoff.pause(after: failures))
                    continue
                }
                failures = 0
                heard([])
                while !isStopping && db.waitForInput(timeout: 0.5) {
                    let payloads = db.notifications()
                    if !payloads.isEmpty { heard(payloads) }
                }
            }
        }
        t.name = "reel-pg-listen"
        t.start()
    }

    /// Stops listening within half a second and waits for the thread.
    func stop() {
        stopping.store(true, ordering: .releasing)
        done.wait()
    }

    /// The store's listener, if started: at most one.
    final class Holder: Sendable {
        private let current = Mutex<PostgresListener?>(nil)

        func start(_ l: PostgresListener) {
            let previous = current.withLock { c in
                defer { c = l }
                return c
            }
            previous?.stop()
            l.start()
        }

        func stop() {
            current.withLock { c in
                defer { c = nil }
                return c
            }?.stop()
        }
    }
}
