import Foundation
import ReelSync
import Logging
import ReelEngine
import ReelStore

/// Sends the job store's outbox: the `reel-webhooks` thread claims due deliveries while one of
/// `senders` threads is free, and each sender POSTs one with its signature and records the attempt:
/// delivered on a 2xx, else retried on `WebhookSchedule` with the same `Reel-Delivery` id. A
/// receiver that never answers holds one sender for the client's timeout, not the others. The store
/// hands out one delivery of a job at a time, so a job's deliveries go out one after another in the
/// order their events happened; different jobs' go out side by side. A delivery claimed by a
/// process that died is sent again when this one starts (at least once; a receiver dedupes by
/// `Reel-Delivery`).
public final class WebhookDeliverer: Sendable {
    let store: any JobStore
    let secret: [UInt8]?
    let allowedHosts: AllowedHosts
    let schedule: WebhookSchedule
    let logger: Logger
    /// Deliveries in flight at once at most.
    let senders: Int
    /// This process's name on the deliveries it claims: host, pid and a random part.
    let claimer: String
    private let client = WebhookClient()
    private let threads = DispatchGroup()
    /// Woken when work arrives, a sender frees up, or `stop` is called.
    private let state = Guarded(State())
    private struct State {
        var started = false
        var stopping = false
        /// Claimed, waiting for a sender (never more than the free senders).
        var claimed: [WebhookDelivery] = []
        /// Senders busy with an attempt.
        var sending = 0
    }

    public init(store: any JobStore, secret: String?, allowedHosts: [String], schedule: WebhookSchedule, logger: Logger, senders: Int = 4) {
        self.store = store
        self.secret = secret.map { Array($0.utf8) }
        self.allowedHosts = AllowedHosts(allowedHosts)
        self.schedule = schedule
        self.logger = logger
        self.senders = max(1, senders)
        claimer = "\(ProcessInfo.processInfo.hostName)-\(getpid())-\(ULID.make().suffix(8))"
    }

    public func start() {
        releaseDeadClaims()
        state.withLock { $0.started = true }
        spawn("reel-webhooks") { [self] in claimLoop() }
        for i in 0..<senders { spawn("reel-webhook-\(i + 1)") { [self] in sendLoop() } }
    }

    /// Stops sending: attempts in flight are cancelled, and every delivery this process holds is
    /// made due again at once, for the next start or another process on the same database.
    public func stop() {
        let started = state.withLock(waking: .all) { s in
            s.stopping = true
            s.claimed = []
            return s.started
        }
        client.close()
        guard started else { return }
        threads.wait()
        do {
            try store.releaseDeliveries(claimedBy: claimer)
        } catch {
            logger.error("webhook release failed", metadata: ["error": "\(error)"])
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

    /// Claims as many due deliveries as there are free senders; polls every 0.25 s when none are
    /// due, and at once when a sender frees up.
    private func claimLoop() {
        while true {
            let free: Int? = state.wait(for: { $0.stopping || senders - $0.sending - $0.claimed.count > 0 }) { s in
                s.stopping ? nil : senders - s.sending - s.claimed.count
            }
            guard let free else { return }
            let due: [WebhookDelivery]
            do {
                // Claimed for longer than an attempt can take, so no second sender takes it meanwhile.
                due = try store.claimDeliveries(by: claimer, limit: free, leaseMillis: Int64((WebhookClient.timeout + 5) * 1000))
            } catch {
                logger.error("webhook claim failed", metadata: ["error": "\(error)"])
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

    private func sendLoop() {
        while let d = state.wait(for: { !$0.claimed.isEmpty || $0.stopping }, then: { s -> WebhookDelivery? in
            if s.stopping { return nil }
            s.sending += 1
            return s.claimed.removeFirst()
        }) {
            attempt(d)
            state.withLock(waking: .all) { $0.sending -= 1 }
        }
    }

    private func attempt(_ d: WebhookDelivery) {
        let outcome: DeliveryOutcome
        if let why = refusal(d) {
            // Not sendable now, and not by waiting: fails for good without a request.
            outcome = .failed(.refused(why))
        } else {
            let failure: DeliveryFailure
            switch send(d) {
            case .status(let s) where (200..<300).contains(s):
                record(d, .delivered(status: s))
                return
            case .status(let s): failure = .answered(status: s)
            case .failed(.closed): return  // cancelled by stop: released for the next start
            case .failed(.timedOut): failure = .timedOut(seconds: Int(WebhookClient.timeout))
            case .failed(.transport(let message)): failure = .transport(message)
            }
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            if let next = schedule.nextAttempt(afterAttempt: d.attempts, now: now, created: d.createdAt) {
                outcome = .retry(failure, next: next)
            } else {
                outcome = .failed(failure)
            }
        }
        record(d, outcome)
    }

    private func record(_ d: WebhookDelivery, _ outcome: DeliveryOutcome) {
        do {
            try store.recordDelivery(d.id, outcome)
        } catch {
            logger.error("webhook record failed", metadata: ["deliveryId": "\(d.id)", "error": "\(error)"])
        }
        var meta: Logger.Metadata = ["deliveryId": "\(d.id)", "jobId": "\(d.jobID)", "event": "\(d.event)", "attempt": .stringConvertible(d.attempts)]
        switch outcome {
        case .delivered(let status):
            meta["status"] = .stringConvertible(status)
            logger.info("webhook delivered", metadata: meta)
        case .retry(let failure, _):
            if let status = failure.status { meta["status"] = "\(status)" }
            logger.info("webhook attempt failed; will retry", metadata: meta.merging(["error": "\(failure)"]) { $1 })
        case .failed(let failure):
            if let status = failure.status { meta["status"] = "\(status)" }
            logger.warning("webhook gave up", metadata: meta.merging(["error": "\(failure)"]) { $1 })
        }
    }

    /// Why `d` cannot be sent at all: no secret, or a URL this configuration no longer allows.
    private func refusal(_ d: WebhookDelivery) -> String? {
        guard secret != nil else { return "the server has no webhookSecret" }
        if let why = allowedHosts.refusal(d.url) { return "the URL " + why }
        return URL(string: d.url) == nil ? "the URL is not valid" : nil
    }

    /// One signed POST of the delivery's body.
    private func send(_ d: WebhookDelivery) -> WebhookClient.Answer {
        let body = Array(d.body.utf8)
        let signature = WebhookSignature.header(body: body, secret: secret ?? [], time: Int64(Date().timeIntervalSince1970))
        return client.post(URL(string: d.url)!, headers: [
            ("Content-Type", "application/json"), ("User-Agent", "Reel-Webhook/1"), ("Reel-Event", d.event),
            ("Reel-Delivery", d.id), ("Reel-Signature", signature),
        ], body: body)
    }

    /// Why a webhook URL may not be used, or nil: the rule of sources (`AllowedHosts`).
    public static func refusal(_ url: String, allowedHosts: [String]) -> String? {
        AllowedHosts(allowedHosts).refusal(url)
    }

    /// Makes deliveries claimed by a process of this host that is gone due again at once.
    private func releaseDeadClaims() {
        let host = ProcessInfo.processInfo.hostName
        do {
            for other in try store.deliveryClaimers() where other != claimer {
                let parts = other.split(separator: "-")
                guard parts.count >= 3, parts.dropLast(2).joined(separator: "-") == host,
                      let pid = Int32(parts[parts.count - 2]) else { continue }
                let alive = pid != getpid() && (kill(pid, 0) == 0 || errno == EPERM)
                if !alive {
                    try store.releaseDeliveries(claimedBy: other)
                    logger.info("webhook deliveries of a stopped process released", metadata: ["claimer": "\(other)"])
                }
            }
        } catch {
            logger.error("webhook release failed", metadata: ["error": "\(error)"])
        }
    }
}
