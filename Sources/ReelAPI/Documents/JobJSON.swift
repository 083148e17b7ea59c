import Foundation
import ReelEngine
import ReelStorage
import ReelStore
import ReelSpec

/// The API's JSON shapes for jobs and assets (openapi.yaml `Job` and `Asset`).
public enum JobJSON {
    /// A job as JSON text, written directly (the status path is polled): `deliveries` (on
    /// `GET /v1/jobs/{id}` only) lists its webhook's deliveries; `includeSpec` adds the spec as it
    /// was submitted, copied from the store without parsing it again; `links` gives a succeeded
    /// job's `output.downloadUrl`, valid from now.
    public static func job(_ j: Job, retentionHours: Double, deliveries: [WebhookDelivery]? = nil, includeSpec: Bool = true,
                           links: OutputLinks? = nil) -> [UInt8] {
        var w = JSONWriter(capacity: 512 + (includeSpec ? j.spec.utf8.count : 0))
        write(j, retentionHours: retentionHours, deliveries: deliveries, includeSpec: includeSpec, links: links, to: &w)
        return w.bytes
    }

    static func write(_ j: Job, retentionHours: Double, deliveries: [WebhookDelivery]?, includeSpec: Bool, links: OutputLinks?,
                      to w: inout JSONWriter) {
        w.openObject()
        w.key("id"); w.string(j.id)
        w.key("status"); w.string(j.status.rawValue)
        w.key("template"); w.string(j.templateID)
        if isDraft(j.spec) { w.key("draft"); w.bool(true) }
        w.key("progress"); w.decimal(j.progress)
        w.key("eta"); w.decimal(j.eta)
        w.key("attempts"); w.int(j.attempts)
        w.key("chunks"); w.int(j.chunks)
        w.key("chunkSeconds"); if let s = j.chunkSeconds { w.int(s) } else { w.null() }
        w.key("maxAttempts"); w.int(j.maxAttempts)
        w.key("createdAt"); w.timestamp(j.createdAt)
        w.key("updatedAt"); w.timestamp(j.updatedAt)
        w.key("startedAt"); w.timestamp(j.startedAt)
        w.key("finishedAt"); w.timestamp(j.finishedAt)
        w.key("error")
        if let e = j.error {
            w.openObject()
            w.key("code"); w.string(e.code.rawValue)
            w.key("message"); w.string(e.message)
            w.closeObject()
        } else {
            w.null()
        }
        if j.status == .running {
            live(of: j, links: links, to: &w)
        }
        w.key("output")
        if let o = j.output, j.status == .succeeded {
            output(o, of: j, retentionHours: retentionHours, links: links, to: &w)
        } else {
            w.null()
        }
        if !j.outputs.isEmpty, j.status == .succeeded {
            // A job with `outputs`: each of them, in the spec's order, at its own address.
            w.key("outputs"); w.openArray()
            for o in j.outputs { w.element(); output(o, of: j, retentionHours: retentionHours, links: links, to: &w) }
            w.closeArray()
        }
        w.key("webhook")
        if let hook = j.webhook {
            w.openObject()
            w.key("url"); w.string(hook.url)
            w.key("events"); w.openArray()
            for e in hook.events { w.element(); w.string(e) }
            w.closeArray()
            if let deliveries {
                w.key("deliveries"); w.openArray()
                for d in deliveries { w.element(); delivery(d, to: &w) }
                w.closeArray()
            }
            w.closeObject()
        } else {
            w.null()
        }
        w.key("idempotencyKey"); w.string(j.idempotencyKey)
        // Compact JSON the decoder produced from a valid spec: written as it is.
        w.key("priority"); w.string(JobPriority.allCases.first { $0.rank == j.priority }?.rawValue ?? "normal")
        w.key("batch"); w.string(j.batchID)
        w.key("metadata")
        if let m = j.metadata { w.raw(m) } else { w.null() }
        if includeSpec {
            // Stored only after it parsed, so it is valid JSON as it is.
            w.key("spec"); w.raw(j.spec)
        }
        w.closeObject()
    }

    /// Where a job's output is served: its one at `/output`, a named one at `/outputs/{name}`.
    static func outputURL(jobID: String, name: String?) -> String {
        name.map { "/v1/jobs/\(jobID)/outputs/\($0)" } ?? "/v1/jobs/\(jobID)/output"
    }

    /// A running job's progressive output, played while it renders at the address it will keep:
    /// the job's one, or, for a job with `outputs`, the first progressive one there and each of them
    /// by name in `live.outputs`. Nothing for a job without one.
    static func live(of j: Job, links: OutputLinks?, to w: inout JSONWriter) {
        let named = progressiveOutputs(j.spec)
        guard !named.isEmpty || isProgressive(j.spec) else { return }
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let addresses = { (name: String?, w: inout JSONWriter) in
            w.key("url"); w.string(outputURL(jobID: j.id, name: name))
            if let links { w.key("downloadUrl"); w.string(links.url(jobID: j.id, output: name, now: now)) }
        }
        w.key("live"); w.openObject()
        addresses(named.first, &w)
        if !named.isEmpty {
            w.key("outputs"); w.openArray()
            for name in named {
                w.element(); w.openObject()
                w.key("name"); w.string(name)
                addresses(name, &w)
                w.closeObject()
            }
            w.closeArray()
        }
        w.closeObject()
    }

    /// One output of a succeeded job: its one, or one of its named outputs (with its `name`).
    static func output(_ o: JobOutput, of j: Job, retentionHours: Double, links: OutputLinks?, to w: inout JSONWriter) {
        w.openObject()
        if let name = o.name { w.key("name"); w.string(name) }
        w.key("url"); w.string(outputURL(jobID: j.id, name: o.name))
        if let links, !o.expired {
            w.key("downloadUrl")
            w.string(links.url(jobID: j.id, output: o.name, location: o.path, contentType: o.contentType,
                               now: Int64(Date().timeIntervalSince1970 * 1000)))
        }
        w.key("bytes"); w.int(o.bytes)
        w.key("duration")
        // Bytes, not `String.contains`: Foundation's substring search cost 3 % of a status answer.
        if !o.duration.utf8.contains(UInt8(ascii: "/")), case .success = TimeParser.parseDecimal(o.duration) {
            w.raw(o.duration)  // an exact decimal (`Time.description`) is already a JSON number
        } else if let d = try? TimeParser.parseString(o.duration).get(), case .number(let text) = d.jsonNumber {
            w.raw(text)
        } else {
            w.null()
        }
        w.key("sha256"); w.string(o.sha256)
        w.key("contentType"); w.string(o.contentType)
        w.key("expiresAt")
        w.timestamp(retentionHours > 0 ? j.finishedAt.map { $0 + Int64(retentionHours * 3_600_000) } : nil)
        w.key("expired"); w.bool(o.expired)
        if let copied = o.copiedFrames, let encoded = o.encodedFrames {
            w.key("copiedFrames"); w.int(copied)
            w.key("encodedFrames"); w.int(encoded)
        }
        if let l = o.loudness {
            w.key("loudness"); w.openObject()
            w.key("integrated"); w.decimal(l.integrated)
            w.key("truePeak"); w.decimal(l.truePeak)
            w.key("range"); w.decimal(l.range)
            w.closeObject()
        }
        if let s = o.firstSegmentSeconds { w.key("firstSegmentSeconds"); w.decimal(s) }
        if !o.destinations.isEmpty {
            w.key("destinations"); w.openArray()
            for d in o.destinations { w.element(); destination(d, to: &w) }
            w.closeArray()
        }
        w.closeObject()
    }

    /// True when the spec asks for a draft (`output.draft: true`, or a draft among `outputs`).
    static func isDraft(_ spec: String) -> Bool {
        isTrue(spec, at: ["output", "draft"]) || isTrueInAnOutput(spec, "draft")
    }

    /// True when one of the stored spec's `outputs` has `name: true`.
    static func isTrueInAnOutput(_ spec: String, _ name: String) -> Bool {
        guard mentions(spec, "\"outputs\""), mentions(spec, "\"\(name)\""), let value = try? JSONParser.parse(Array(spec.utf8)),
              case .array(let outputs)? = value.member("outputs") else { return false }
        return outputs.contains { $0.member(name) == .bool(true) }
    }

    /// True when the spec asks for a progressive HLS output (`output.hls.progressive: true`).
    static func isProgressive(_ spec: String) -> Bool { isTrue(spec, at: ["output", "hls", "progressive"]) }

    /// The names of the stored spec's progressive HLS `outputs` (`hls.progressive: true`), in order.
    static func progressiveOutputs(_ spec: String) -> [String] {
        guard mentions(spec, "\"outputs\""), mentions(spec, "\"progressive\""), let value = try? JSONParser.parse(Array(spec.utf8)),
              case .array(let outputs)? = value.member("outputs") else { return [] }
        return outputs.compactMap { o in
            guard o.member("format") == .string("hls"), o.member("hls")?.member("progressive") == .bool(true),
                  case .string(let name)? = o.member("name") else { return nil }
            return name
        }
    }

    /// True when the member at `path` of the stored spec is `true`. The text is searched for the
    /// last name first, over the bytes (the generic `firstRange(of:)` was a quarter of a
    /// status answer's CPU time), and parsed only where the name appears.
    static func isTrue(_ spec: String, at path: [String]) -> Bool {
        guard let last = path.last, mentions(spec, "\"\(last)\""),
              var value = try? JSONParser.parse(Array(spec.utf8)) else { return false }
        for name in path {
            guard case .object(let members) = value, let next = members.first(where: { $0.key == name })?.value else { return false }
            value = next
        }
        return value == .bool(true)
    }

    /// Whether `text` contains `needle`, byte for byte.
    static func mentions(_ text: String, _ needle: String) -> Bool {
        var text = text, needle = needle
        return text.withUTF8 { t in
            needle.withUTF8 { n in
                guard let first = n.first, n.count <= t.count else { return n.isEmpty }
                for i in 0...(t.count - n.count) where t[i] == first {
                    var j = 1
                    while j < n.count, t[i + j] == n[j] { j += 1 }
                    if j == n.count { return true }
                }
                return false
            }
        }
    }

    /// An asset; `expiresAt` is when retention deletes it unless a job still uses it then.
    static func assetMembers(_ a: Asset, retentionHours: Double) -> [(key: String, value: JSONValue)] {
        [
            ("id", .string(a.id)), ("src", .string(SourceScheme.upload(a.id))), ("status", .string(a.status.rawValue)),
            ("error", a.error.map { .string($0) } ?? .null), ("kind", .string(a.kind)), ("bytes", .number(String(a.bytes))),
            ("sha256", a.sha256.isEmpty ? .null : .string(a.sha256)), ("contentType", a.contentType.map { .string($0) } ?? .null),
            ("filename", a.filename.map { .string($0) } ?? .null), ("createdAt", .string(timestamp(a.createdAt))),
            ("expiresAt", retentionHours > 0 ? .string(timestamp(a.createdAt + Int64(retentionHours * 3_600_000))) : .null),
            ("probe", (try? JSONParser.parse(a.probe)) ?? .null),
        ]
    }

    /// A template: its id, name, placeholders (each by name, in order of first use, as declared or
    /// `any` and required: `Placeholder`) and (unless a list did not ask) spec.
    static func template(_ t: Template, includeSpec: Bool = true) -> JSONValue {
        let placeholders = Placeholder.all(t.placeholders, declared: TemplateDocument.declared(in: t))
        var m: [(key: String, value: JSONValue)] = [
            ("id", .string(t.id)), ("name", t.name.map { .string($0) } ?? .null), ("description", t.description.map { .string($0) } ?? .null),
            ("placeholders", .object(placeholders.map { ($0.name, $0.json) })), ("createdAt", .string(timestamp(t.createdAt))),
        ]
        if includeSpec { m.append(("spec", (try? JSONParser.parse(Array(t.spec.utf8))) ?? .null)) }
        return .object(m)
    }

    /// One copy of the output to a bucket: where, with which profile, and how it stands.
    static func destination(_ d: OutputDestination, to w: inout JSONWriter) {
        w.openObject()
        w.key("type"); w.string("s3")
        w.key("url"); w.string(d.url)
        w.key("profile"); w.string(d.profile)
        w.key("status"); w.string(d.status.rawValue)
        w.key("attempts"); w.int(d.attempts)
        w.key("error"); w.string(d.error)
        w.key("etag"); w.string(d.etag)
        w.closeObject()
    }

    /// One webhook delivery: its id (`Reel-Delivery`), event, state and attempts.
    static func delivery(_ d: WebhookDelivery, to w: inout JSONWriter) {
        w.openObject()
        w.key("id"); w.string(d.id)
        w.key("event"); w.string(d.event)
        w.key("status"); w.string(d.status.rawValue)
        w.key("attempts"); w.int(d.attempts)
        w.key("lastStatus"); w.int(d.lastStatus.map(Int64.init))
        w.key("lastError"); w.string(d.lastError)
        w.key("createdAt"); w.timestamp(d.createdAt)
        w.key("lastAttemptAt"); w.timestamp(d.lastAttemptAt)
        w.key("nextAttemptAt"); w.timestamp(d.status == .pending ? d.nextAttemptAt : nil)
        w.key("finishedAt"); w.timestamp(d.finishedAt)
        w.closeObject()
    }

    /// RFC 3339 with milliseconds, UTC.
    static func timestamp(_ ms: Int64) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendTimestamp(ms, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
