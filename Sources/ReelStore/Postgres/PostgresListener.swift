import Foundation

/// A thread with a connection of its own that `LISTEN`s on a channel and calls `wake` for every
/// notification. When the connection breaks (a server restart), it connects again, once a second
/// until that works, and calls `wake` once connected, since notifications sent meanwhile are lost.
final class PostgresListener: @unchecked Sendable {
    let url: String
    let channel: String
    let wake: @Sendable () -> Void
    private let lock = NSLock()
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    init(url: String, channel: String, wake: @escaping @Sendable () -> Void) {
        self.url = url
        self.channel = channel
        self.wake = wake
    }

    private var isStopping: Bool { lock.lock(); defer { lock.unlock() }; return stopping }

    func start() {
        let t = Thread { [self] in
            defer { done.signal() }
            while !isStopping {
                guard let db = try? PostgresConnection(url: url), (try? db.execute("LISTEN \(channel)")) != nil else {
                    Thread.sleep(forTimeInterval: 1)
                    continue
                }
                wake()
                while !isStopping && db.waitForInput(timeout: 0.5) {
                    for _ in db.notifications() { wake() }
                }
            }
        }
        t.name = "reel-pg-listen"
        t.start()
    }

    /// Stops listening within half a second and waits for the thread.
    func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        done.wait()
    }

    /// The store's listener, if started: at most one.
    final class Holder: @unchecked Sendable {
        private let lock = NSLock()
        private var current: PostgresListener?

        func start(_ l: PostgresListener) {
            lock.lock()
            let previous = current
            current = l
            lock.unlock()
            previous?.stop()
            l.start()
        }

        func stop() {
            lock.lock()
            let l = current
            current = nil
            lock.unlock()
            l?.stop()
        }
    }
}
