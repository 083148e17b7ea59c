import Foundation
import Logging
import ReelQueue

/// The `reel-webhooks` thread: takes due deliveries from the job store's outbox, POSTs each with
/// its signature, and records the attempt: delivered on a 2xx, else retried on `WebhookSchedule`
/// with the same `Reel-Delivery` id. Deliveries of one job go out one after another in the order
/// their events happened; different jobs' go out side by side. A delivery claimed by a process that
/// died is sent again when this one starts (at least once; a receiver dedupes by `Reel-Delivery`).
final class WebhookDeliverer: @unchecked Sendable {
    let store: JobStore
    let secret: [UInt8]?
    let allowedHosts: [String]
    let schedule: WebhookSchedule
    let logger: Logger
    /// This process's name on the deliveries it claims: host, pid and a random part.
    let claimer: String
    private let client = WebhookClient()
    private let condition = NSCondition()
    private var stopping = false
    private var woken = false
    private let finished = DispatchSemaphore(value: 0)
    private var thread: Thread?

    static let batch = 8

    init(store: JobStore, secret: String?, allowedHosts: [String], schedule: WebhookSchedule, logger: Logger) {
        self.store = store
        self.secret = secret.map { Array($0.utf8) }
        self.allowedHosts = allowedHosts
        self.schedule = schedule
        self.logger = logger
        claimer = "\(ProcessInfo.processInfo.hostName)-\(getpid())-\(ULID.make().suffix(8))"
    }

    func start() {
        releaseDeadClaims()
        let t = Thread { [self] in
            loop()
            finished.signal()
        }
        t.name = "reel-webhooks"
        thread = t
        t.start()
    }

    /// Stops sending: an attempt in flight is cancelled and stays claimed, to be sent again by the
    /// next start.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        client.close()
        if thread != nil { finished.wait() }
    }

    /// Looks for due deliveries now instead of at the next poll.
    func wake() {
        condition.lock()
        woken = true
        condition.signal()
        condition.unlock()
    }

    private var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    private func loop() {
        while !isStopping {
            let due: [WebhookDelivery]
            do {
                // Claimed for longer than an attempt can take, so no second sender takes it meanwhile.
                due = try store.claimDeliveries(by: claimer, limit: Self.batch, leaseMillis: Int64((WebhookClient.timeout + 5) * 1000))
            } catch {
                logger.error("webhook claim failed", metadata: ["error": "\(error)"])
                due = []
            }
            if due.isEmpty {
                condition.lock()
                if !woken && !stopping { _ = condition.wait(until: Date().addingTimeInterval(0.25)) }
                woken = false
                condition.unlock()
                continue
            }
            // One job's deliveries in order; jobs side by side.
            var byJob: [String: [WebhookDelivery]] = [:]
            var order: [String] = []
            for d in due {
                if byJob[d.jobID] == nil { order.append(d.jobID) }
                byJob[d.jobID, default: []].append(d)
            }
            DispatchQueue.concurrentPerform(iterations: order.count) { i in
                for d in byJob[order[i]]! where !isStopping { attempt(d) }
            }
        }
    }

    private func attempt(_ d: WebhookDelivery) {
        let outcome: JobStore.DeliveryOutcome
        var status: Int?
        if let why = refusal(d) {
            // Not sendable now, and not by waiting: fails for good without a request.
            outcome = .failed(status: nil, error: why)
        } else {
            let answer = send(d)
            if isStopping && answer.status == nil { return }  // cancelled by stop: left claimed for the next start
            status = answer.status
            if let s = answer.status, (200..<300).contains(s) {
                outcome = .delivered(status: s)
            } else {
                let error = answer.error ?? "answered HTTP \(answer.status ?? 0)"
                let now = Int64(Date().timeIntervalSince1970 * 1000)
                if let next = schedule.nextAttempt(afterAttempt: d.attempts, now: now, created: d.createdAt) {
                    outcome = .retry(status: answer.status, error: error, next: next)
                } else {
                    outcome = .failed(status: answer.status, error: error)
                }
            }
        }
        do {
            try store.recordDelivery(d.id, outcome)
        } catch {
            logger.error("webhook record failed", metadata: ["deliveryId": "\(d.id)", "error": "\(error)"])
        }
        var meta: Logger.Metadata = ["deliveryId": "\(d.id)", "jobId": "\(d.jobID)", "event": "\(d.event)", "attempt": .stringConvertible(d.attempts)]
        if let status { meta["status"] = .stringConvertible(status) }
        switch outcome {
        case .delivered: logger.info("webhook delivered", metadata: meta)
        case .retry(_, let e, _): logger.info("webhook attempt failed; will retry", metadata: meta.merging(["error": "\(e)"]) { $1 })
        case .failed(_, let e): logger.warning("webhook gave up", metadata: meta.merging(["error": "\(e)"]) { $1 })
        }
    }

    /// Why `d` cannot be sent at all: no secret, or a URL this configuration no longer allows.
    private func refusal(_ d: WebhookDelivery) -> String? {
        guard secret != nil else { return "the server has no webhookSecret" }
        if let why = WebhookDeliverer.refusal(d.url, allowedHosts: allowedHosts) { return "the URL " + why }
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

    /// Why a webhook URL may not be used, or nil: http(s) only, to a host of `allowedHosts`
    /// (exact, case-insensitive, as for sources), without credentials.
    static func refusal(_ url: String, allowedHosts: [String]) -> String? {
        guard let c = URLComponents(string: url), let scheme = c.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = c.host?.lowercased(), !host.isEmpty else {
            return "is not a valid http(s) URL"
        }
        guard c.user == nil, c.password == nil else { return "carries credentials in the URL" }
        guard allowedHosts.contains(where: { $0.lowercased() == host }) else {
            return allowedHosts.isEmpty ? "is a URL, and this configuration allows no URL hosts (allowedHosts)"
                                        : "is on host \(host), which this configuration does not allow (allowedHosts)"
        }
        return nil
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
