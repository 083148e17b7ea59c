import Foundation
import Logging
import ReelStore
import ReelBasics

/// The threads that drain one outbox of the job store (webhook deliveries, destinations): a claim
/// thread takes as many due items as there are free senders, and each of `senders` threads runs
/// one attempt at a time, so one slow receiver holds one sender, not the others. Claims carry this
/// process's name (`host-pid-random`), so on `start` the items a dead process of this host held are
/// made due at once, and on `stop` this process's own are, for the next start or another node.
final class OutboxSender<Item: Sendable>: Sendable {
    /// What the outbox is: how to claim, try and release its items.
    struct Outbox: Sendable {
        /// What logs call it (`webhook`, `destination`).
        var noun: String
        /// Takes up to `limit` due items for the claimer named.
        var claim: @Sendable (_ claimer: String, _ limit: Int) throws -> [Item]
        /// The claimers holding items now.
        var claimers: @Sendable () throws -> [String]
        /// Makes a claimer's items due at once.
        var release: @Sendable (_ claimer: String) throws -> Void
    }

    let outbox: Outbox
    let senders: Int
    let logger: Logger
    /// This process's name on the items it claims: host, pid and a random part.
    let claimer: String
    private let threads = DispatchGroup()
    /// Woken when work arrives, a sender frees up, or `stop` is called.
    private let state = Guarded(State())
    private struct State {
        var started = false
        var stopping = false
        /// Claimed, waiting for a sender (never more than the free senders).
        var claimed: [Item] = []
        /// Senders busy with an attempt.
        var sending = 0
    }

    init(_ outbox: Outbox, senders: Int, logger: Logger) {
        self.outbox = outbox
        self.senders = max(1, senders)
        self.logger = logger
        claimer = "\(ProcessInfo.processInfo.hostName)-\(getpid())-\(ULID.make().suffix(8))"
    }

    /// Starts the threads; `attempt` tries one item and records its outcome in the store.
    func start(threadName: String, attempt: @escaping @Sendable (Item) -> Void) {
        releaseDeadClaims()
        state.withLock { $0.started = true }
        spawn(threadName) { [self] in claimLoop() }
        for i in 0..<senders { spawn("\(threadName)-\(i + 1)") { [self] in sendLoop(attempt) } }
    }

    /// Stops claiming and sending; `cancel` then interrupts the attempts in flight, and once they
    /// have returned every item this process holds is made due again.
    func stop(cancel: () -> Void = {}) {
        let started = state.withLock(waking: .all) { s in
            s.stopping = true
            s.claimed = []
            return s.started
        }
        cancel()
        guard started else { return }
        threads.wait()
        do {
            try outbox.release(claimer)
        } catch {
            logger.error("\(outbox.noun) release failed", metadata: ["error": "\(error)"])
        }
    }

    private func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) {
        threads.enter()
        let t = Thread { [threads] in
            body()
            threads.leave()
        }
        t.name = name
        t.start()
    }

    /// Claims as many due items as there are free senders; polls every 0.25 s when none are due,
    /// and at once when a sender frees up.
    private func claimLoop() {
        while true {
            let free: Int? = state.wait(for: { $0.stopping || senders - $0.sending - $0.claimed.count > 0 }) { s in
                s.stopping ? nil : senders - s.sending - s.claimed.count
            }
            guard let free else { return }
            let due: [Item]
            do {
                due = try outbox.claim(claimer, free)
            } catch {
                logger.error("\(outbox.noun) claim failed", metadata: ["error": "\(error)"])
                due = []
            }
            // What was just claimed when `stop` came is released by `stop`.
            let stopping = state.withLock(waking: .all) { s in
                if !s.stopping { s.claimed += due }
                return s.stopping
            }
            if stopping { return }
            if due.isEmpty { state.wait(until: Date().addingTimeInterval(0.25), for: { $0.stopping }) { _ in } }
        }
    }

    private func sendLoop(_ attempt: @Sendable (Item) -> Void) {
        while let item = state.wait(for: { !$0.claimed.isEmpty || $0.stopping }, then: { s -> Item? in
            if s.stopping { return nil }
            s.sending += 1
            return s.claimed.removeFirst()
        }) {
            attempt(item)
            state.withLock(waking: .all) { $0.sending -= 1 }
        }
    }

    /// Makes items claimed by a process of this host that is gone due again at once.
    private func releaseDeadClaims() {
        let host = ProcessInfo.processInfo.hostName
        do {
            for other in try outbox.claimers() where other != claimer {
                let parts = other.split(separator: "-")
                guard parts.count >= 3, parts.dropLast(2).joined(separator: "-") == host,
                      let pid = Int32(parts[parts.count - 2]) else { continue }
                let alive = pid != getpid() && (kill(pid, 0) == 0 || errno == EPERM)
                if !alive {
                    try outbox.release(other)
                    logger.info("\(outbox.noun) claims of a stopped process released", metadata: ["claimer": "\(other)"])
                }
            }
        } catch {
            logger.error("\(outbox.noun) release failed", metadata: ["error": "\(error)"])
        }
    }
}
