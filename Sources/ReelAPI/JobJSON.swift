import Foundation
import ReelEngine
import ReelQueue
import ReelSpec

/// The API's JSON shapes for jobs and assets (openapi.yaml `Job` and `Asset`).
enum JobJSON {
    /// A job; `deliveries` (on `GET /v1/jobs/{id}` only) lists its webhook's deliveries.
    static func job(_ j: Job, retentionHours: Double, deliveries: [WebhookDelivery]? = nil) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = [
            ("id", .string(j.id)), ("status", .string(j.status.rawValue)), ("template", j.templateID.map { .string($0) } ?? .null),
            ("progress", number(j.progress)), ("eta", j.eta.map(number) ?? .null),
            ("attempts", .number(String(j.attempts))), ("maxAttempts", .number(String(j.maxAttempts))),
            ("createdAt", .string(timestamp(j.createdAt))), ("updatedAt", .string(timestamp(j.updatedAt))),
            ("startedAt", j.startedAt.map { .string(timestamp($0)) } ?? .null),
            ("finishedAt", j.finishedAt.map { .string(timestamp($0)) } ?? .null),
            ("error", j.error.map { .object([("code", .string($0.code)), ("message", .string($0.message))]) } ?? .null),
        ]
        if let o = j.output, j.status == .succeeded {
            let duration = (try? TimeParser.parseString(o.duration).get())?.jsonNumber ?? .null
            let expires: JSONValue = retentionHours > 0 && j.finishedAt != nil
                ? .string(timestamp(j.finishedAt! + Int64(retentionHours * 3_600_000))) : .null
            m.append(("output", .object([
                ("url", .string("/v1/jobs/\(j.id)/output")), ("bytes", .number(String(o.bytes))), ("duration", duration),
                ("sha256", .string(o.sha256)), ("contentType", .string(o.contentType)),
                ("expiresAt", expires), ("expired", .bool(o.expired)),
            ])))
        } else {
            m.append(("output", .null))
        }
        if let hook = j.webhook {
            var w: [(key: String, value: JSONValue)] = [("url", .string(hook.url)), ("events", .array(hook.events.map { .string($0) }))]
            if let deliveries { w.append(("deliveries", .array(deliveries.map(delivery)))) }
            m.append(("webhook", .object(w)))
        } else {
            m.append(("webhook", .null))
        }
        m.append(("idempotencyKey", j.idempotencyKey.map { .string($0) } ?? .null))
        m.append(("spec", (try? JSONParser.parse(j.spec)) ?? .null))
        return .object(m)
    }

    /// An asset; `expiresAt` is when retention deletes it unless a job still uses it then.
    static func assetMembers(_ a: Asset, retentionHours: Double) -> [(key: String, value: JSONValue)] {
        [
            ("id", .string(a.id)), ("src", .string("upload:\(a.id)")), ("bytes", .number(String(a.bytes))),
            ("sha256", .string(a.sha256)), ("contentType", a.contentType.map { .string($0) } ?? .null),
            ("filename", a.filename.map { .string($0) } ?? .null), ("createdAt", .string(timestamp(a.createdAt))),
            ("expiresAt", retentionHours > 0 ? .string(timestamp(a.createdAt + Int64(retentionHours * 3_600_000))) : .null),
            ("probe", (try? JSONParser.parse(a.probe)) ?? .null),
        ]
    }

    /// A template: its id, name, placeholder names and spec.
    static func template(_ t: Template) -> JSONValue {
        .object([
            ("id", .string(t.id)), ("name", t.name.map { .string($0) } ?? .null),
            ("placeholders", .array(t.placeholders.map { .string($0) })), ("createdAt", .string(timestamp(t.createdAt))),
            ("spec", (try? JSONParser.parse(Array(t.spec.utf8))) ?? .null),
        ])
    }

    /// One webhook delivery: its id (`Reel-Delivery`), event, state and attempts.
    static func delivery(_ d: WebhookDelivery) -> JSONValue {
        func time(_ ms: Int64?) -> JSONValue { ms.map { .string(timestamp($0)) } ?? .null }
        return .object([
            ("id", .string(d.id)), ("event", .string(d.event)), ("status", .string(d.status.rawValue)),
            ("attempts", .number(String(d.attempts))), ("lastStatus", d.lastStatus.map { .number(String($0)) } ?? .null),
            ("lastError", d.lastError.map { .string($0) } ?? .null), ("createdAt", time(d.createdAt)),
            ("lastAttemptAt", time(d.lastAttemptAt)), ("nextAttemptAt", time(d.status == .pending ? d.nextAttemptAt : nil)),
            ("finishedAt", time(d.finishedAt)),
        ])
    }

    static func number(_ d: Double) -> JSONValue {
        guard d.isFinite else { return .null }
        return .number(String(format: "%.6g", d))
    }

    /// RFC 3339 with milliseconds, UTC.
    static func timestamp(_ ms: Int64) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: Date(timeIntervalSince1970: Double(ms) / 1000))
    }
}
