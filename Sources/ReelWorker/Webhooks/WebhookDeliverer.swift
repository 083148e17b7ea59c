import Foundation
import ReelBasics
import Logging
import ReelEngine
import ReelStore

/// Sends the job store's outbox: the `reel-webhooks` thread claims due deliveries while one of
/// `senders` threads is free, and each sender POSTs one with its signature and records the attempt:
/// delivered on a 2xx, else retried on `RetrySchedule` with the same `Reel-Delivery` id. A
/// receiver that never answers holds one sender for the client's timeout, not the others. The store
/// hands out one delivery of a job at a time, so a job's deliveries go out one after another in the
/// order their events happened; different jobs' go out side by side. A delivery claimed by a
/// process that died is sent again when this one starts (at least once; a receiver dedupes by
/// `Reel-Delivery`).
public final class WebhookDeliverer: Sendable {
    let store: any JobStore
    let secret: [UInt8]?
    let schedule: RetrySchedule
    let logger: Logger
    private let client: WebhookClient
    /// The claim and sender threads (`reel-webhooks`, `reel-webhooks-N`).
    private let sender: OutboxSender<WebhookDelivery>

    public init(store: any JobStore, secret: String?, allowedHosts: [String], schedule: RetrySchedule, logger: Logger, senders: Int = 4) {
        self.store = store
        self.secret = secret.map { Array($0.utf8) }
        client = WebhookClient(allowedHosts: allowedHosts)
        self.schedule = schedule
        self.logger = logger
        sender = OutboxSender(.init(noun: "webhook", claim: { claimer, limit in
            // Claimed for longer than an attempt can take, so no second sender takes it meanwhile.
            try store.claimDeliveries(by: claimer, limit: limit, leaseMillis: Int64((WebhookClient.timeout + 5) * 1000))
        }, claimers: { try store.deliveryClaimers() }, release: { try store.releaseDeliveries(claimedBy: $0) }), senders: senders, logger: logger)
    }

    public func start() { sender.start(threadName: "reel-webhooks") { [self] in attempt($0) } }

    /// Stops sending: attempts in flight are cancelled, and every delivery this process holds is
    /// made due again at once, for the next start or another process on the same database.
    public func stop() { sender.stop { client.close() } }

    private func attempt(_ d: WebhookDelivery) {
        let outcome: DeliveryOutcome
        if secret == nil {
            // Not sendable now, and not by waiting: fails for good without a request.
            outcome = .failed(.refused("the server has no webhookSecret"))
        } else {
            let failure: DeliveryFailure
            switch send(d) {
            case .status(let s) where (200..<300).contains(s):
                record(d, .delivered(status: s))
                return
            case .status(let s): failure = .answered(status: s)
            case .failed(.closed): return  // cancelled by stop: released for the next start
            case .failed(.refused(let why)):
                // Its host resolves where Reel may not connect (or the URL cannot be used): not by waiting either.
                record(d, .failed(.refused("the URL " + why)))
                return
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

    /// One signed POST of the delivery's body.
    private func send(_ d: WebhookDelivery) -> WebhookClient.Answer {
        let body = Array(d.body.utf8)
        let signature = WebhookSignature.header(body: body, secret: secret ?? [], time: Int64(Date().timeIntervalSince1970))
        return client.post(d.url, headers: [
            ("Content-Type", "application/json"), ("User-Agent", "Reel-Webhook/1"), ("Reel-Event", d.event),
            ("Reel-Delivery", d.id), ("Reel-Signature", signature),
        ], body: body)
    }

    /// Why a webhook URL may never be used, or nil: the rule of every URL a user gives (a public
    /// host, or one `allowedHosts` lists; `WebhookClient.refusal`).
    public static func refusal(_ url: String, allowedHosts: [String]) -> String? {
        WebhookClient.refusal(url, allowedHosts: allowedHosts)
    }
}
