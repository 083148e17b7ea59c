import Foundation
import ReelBasics
import ReelEngine
import ReelHTTP
import ReelStorage
import ReelStore
import ReelSpec
import ReelWorker

extension APIHandler {
    /// `POST /v1/jobs`: a spec, or a template with merge values (`APIHandler+Templates`).
    func submitJob(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let (body, json) = try jsonDocument(r)
        if case .object(let members) = json, members.contains(where: { $0.key == "template" }) {
            return try submitFromTemplate(members, r, key: key)
        }
        return try queue(json, text: String(decoding: body, as: UTF8.self), bodyHash: APIHandler.bodyHash(json), r, key: key)
    }

    /// What an `Idempotency-Key` replay must repeat: the body's meaning (its canonical JSON), not its
    /// bytes, so a client's serialiser may reorder members or change whitespace between tries.
    static func bodyHash(_ json: JSONValue) -> String { Digests.sha256Hex(Array(json.canonical.serialized.utf8)) }

    /// `problems` with the server's paths replaced by the names the client gave (`SourceNames`).
    func clientFacing(_ problems: [SpecProblem], _ json: JSONValue) -> [SpecProblem] {
        let names = pool.naming.names(of: json)
        return problems.map { SpecProblem(pointer: $0.pointer, message: names.clientFacing($0.message)) }
    }

    /// Validates a spec completely — syntax, rules, unsupported features, every source resolved
    /// and probed (every problem at once), the server's webhook and destination rules and its cost
    /// limit: a 422 (`validation`, `job-too-large`) or a 503 (a source that may be reached later,
    /// or every engine process busy) as a `ProblemError`. `POST /v1/jobs` and `POST /v1/validate`
    /// both ask here. The spec is decoded here (JSON only); it is planned in an engine child.
    func accepted(_ json: JSONValue, key: String) throws -> (spec: JobSpec, facts: PlanFacts) {
        let decoded = SpecDecoder.decode(json: json)
        let reply = try engineAnswer { try engine.plan(spec: json.serialized, sources: sources(of: json, key: key)) }
        return try judged(reply, decoded, json)
    }

    /// What an engine child's judgement of `json` means here: the spec and its plan's facts once
    /// the server's own rules and cost limit pass, else a `ProblemError` (422 or 503).
    func judged(_ reply: EngineReply, _ decoded: Result<JobSpec, SpecProblems>, _ json: JSONValue) throws -> (spec: JobSpec, facts: PlanFacts) {
        if let problems = reply.problems {
            var all = clientFacing(problems.map { SpecProblem(pointer: $0.first ?? "", message: $0.dropFirst().first ?? "") }, json)
            if case .success(let spec) = decoded { all += webhookProblems(spec) + destinationProblems(spec) }
            throw ProblemError(.validation(all))
        }
        if let pointer = reply.unavailable {
            throw ProblemError(.sourceUnavailable(RenderError.source(pointer: pointer, path: "", cause: EngineFailure.unavailable(pointer))))
        }
        guard let facts = reply.planned, case .success(let spec) = decoded else {
            let why = reply.failure.map { pool.naming.names(of: json).clientFacing($0) } ?? "the spec could not be planned"
            throw ProblemError(.validation([SpecProblem(pointer: "", message: why)]))
        }
        let serverProblems = webhookProblems(spec) + destinationProblems(spec)
        if !serverProblems.isEmpty { throw ProblemError(.validation(serverProblems)) }
        try checkCost(facts)
        return (spec, facts)
    }

    /// The sources of `json` an engine child cannot resolve itself, resolved here for `key`'s
    /// project: every `upload:ID`, and the web and bucket sources where the spec reads media (fetched
    /// into this node's cache, as planning here did).
    func sources(of json: JSONValue, key: String) -> [String: ResolvedSource] {
        var names = Set<String>()
        WorkerPool.uploads(in: json, into: &names)
        for found in SourceCheck.mediaSources(in: json) where SourceScheme(found.src).isRemote { names.insert(found.src) }
        let resolver = resolver(for: key)
        return Dictionary(uniqueKeysWithValues: names.map { ($0, ResolvedSource.resolving($0, with: resolver)) })
    }

    /// Queues a spec `accepted` takes; the key's quota is checked in the same transaction as the insert.
    func queue(_ json: JSONValue, text: String, bodyHash: String, _ r: HTTPRequest, key: String, templateID: String? = nil) throws -> HTTPResponse {
        let (spec, _) = try accepted(json, key: key)
        let idempotencyKey = try checkedIdempotencyKey(r)
        let submission = JobSubmission(spec: text, bodyHash: bodyHash, idempotencyKey: idempotencyKey, keyID: key,
                                             assets: APIHandler.uploads(in: json), queuedLimit: config.queuedJobsPerKey,
                                             webhook: spec.webhook.map { JobWebhook(url: $0.url, events: $0.events.map(\.rawValue)) },
                                             templateID: templateID, metadata: spec.metadata?.serialized, priority: spec.priority.rank)
        switch try store.submit(submission) {
        case .created(let job):
            logger.info("job queued", metadata: ["jobId": "\(job.id)", "project": "\(KeyRing.logName(key))",
                                                 "requestId": "\(r.head.requestID)"])
            pool.wake()
            return jobResponse(job, 202, location: true)
        case .existing(let job):
            return jobResponse(job, 202, location: true)
        case .conflict(let job):
            throw ProblemError(Problem(status: 422, type: "idempotency-key-reused", title: "Idempotency-Key reused",
                                       detail: "the Idempotency-Key was already used for job \(job.id) with a different body"))
        case .overQuota(let queued, let retry):
            throw ProblemError(Problem.tooManyJobs(queued: queued, retryAfter: retry))
        case .assetsMissing(let ids):
            throw ProblemError(.validation(ids.map { SpecProblem(pointer: "", message: "\(SourceScheme.upload($0)) was deleted while the job was submitted") }))
        }
    }

    /// The request's `Idempotency-Key`, if it has one; a 422 unless it is 1 to 200 characters.
    func checkedIdempotencyKey(_ r: HTTPRequest) throws -> String? {
        let idempotencyKey = r.head.headers["Idempotency-Key"]
        if let idempotencyKey, idempotencyKey.isEmpty || idempotencyKey.count > 200 {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "Idempotency-Key must be 1 to 200 characters")],
                                           detail: "the Idempotency-Key header is not valid"))
        }
        return idempotencyKey
    }

    /// What the server says about a spec's destinations: each must name an account it can sign
    /// with (`DestinationAccounts`).
    func destinationProblems(_ spec: JobSpec) -> [SpecProblem] {
        spec.renderedOutputs.flatMap { o in
            o.spec.destinations.enumerated().compactMap { i, d in
                guard case .failure(let refusal) = config.destinationAccounts.account(for: d.profile) else { return nil }
                return SpecProblem(pointer: "\(o.pointer)/destinations/\(i)/profile", message: refusal.description)
            }
        }
    }

    /// What the server says about a spec's webhook: it needs a `webhookSecret` to sign with, and a
    /// URL it may reach, by the rule of http(s) sources (a public host, or one `allowedHosts` lists).
    func webhookProblems(_ spec: JobSpec) -> [SpecProblem] {
        guard let hook = spec.webhook else { return [] }
        if config.webhookSecret == nil {
            return [SpecProblem(pointer: "/webhook", message: "cannot be sent: this server has no webhookSecret (REEL_WEBHOOK_SECRET) to sign with")]
        }
        if let why = WebhookDeliverer.refusal(hook.url, allowedHosts: config.allowedHosts) {
            return [SpecProblem(pointer: "/webhook/url", message: why)]
        }
        return []
    }

    /// Refuses a job that would encode more pixels than `limits.maxJobPixels` allows (a job with
    /// `outputs`: all of them together, the problem at `/outputs`).
    func checkCost(_ facts: PlanFacts) throws {
        var total: Int64 = 0, overflow = false
        var terms: [String] = []
        for plan in facts.all where !plan.audioOnly {
            let (perFrame, o1) = Int64(plan.width).multipliedReportingOverflow(by: Int64(plan.height))
            let (pixels, o2) = perFrame.multipliedReportingOverflow(by: plan.frameCount)
            let (sum, o3) = total.addingReportingOverflow(pixels)
            overflow = overflow || o1 || o2 || o3
            total = sum
            terms.append("\(plan.width)×\(plan.height) pixels × \(plan.frameCount) frames")
        }
        guard overflow || total > config.maxJobPixels else { return }
        let message = "the job would encode " + terms.joined(separator: " + ")
            + (overflow ? "" : " = \(total) pixels") + ", over the server's limits.maxJobPixels of \(config.maxJobPixels)"
        throw ProblemError(Problem(status: 422, type: "job-too-large", title: "The job is too large",
                                   detail: "the job is larger than this server renders (limits.maxJobPixels)",
                                   errors: [SpecProblem(pointer: facts.others == nil ? "/output" : "/outputs", message: message)]))
    }

    /// The ids of the uploads (`"src": "upload:ID"`) a spec names, anywhere in it.
    static func uploads(in json: JSONValue) -> [String] {
        var ids: [String] = []
        func walk(_ v: JSONValue) {
            switch v {
            case .object(let members):
                for (k, value) in members {
                    if k == "src", case .string(let s) = value, let id = SourceScheme.uploadID(s) { ids.append(id) } else { walk(value) }
                }
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(json)
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }

    func getJob(_ id: String, key: String) throws -> HTTPResponse {
        guard let job = try store.job(id, keyID: key) else { throw ProblemError(.notFound("no job \(id)")) }
        let deliveries = job.webhook == nil ? [] : try store.deliveries(jobID: id)
        return .json(200, JobJSON.job(job, retentionHours: config.outputRetentionHours, deliveries: deliveries, links: links))
    }

    func listJobs(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        var problems: [SpecProblem] = []
        var status: Job.Status?
        if let s = r.head.queryValue("status") {
            status = Job.Status(rawValue: s)
            if status == nil { problems.append(SpecProblem(pointer: "/status", message: "must be one of \(Job.Status.allCases.map(\.rawValue).joined(separator: ", "))")) }
        }
        let batch = r.head.queryValue("batch")
        if let batch, !RoutePattern.isWellFormed(batch, prefix: "bat_") { problems.append(SpecProblem(pointer: "/batch", message: "must be a batch id (bat_…)")) }
        let metadata = metadataFilter(r, &problems)
        let (limit, cursor) = pageParameters(r, &problems)
        let includeSpec = includesSpec(r, &problems)
        if !problems.isEmpty { throw ProblemError(.validation(problems, detail: "the query parameters are not valid")) }
        let page = try store.list(keyID: key, status: status, batchID: batch, metadata: metadata, limit: limit, cursor: cursor)
        var w = JSONWriter(capacity: 512 * (page.jobs.count + 1))
        w.openObject()
        w.key("jobs"); w.openArray()
        for job in page.jobs {
            w.element()
            JobJSON.write(job, retentionHours: config.outputRetentionHours, deliveries: nil, includeSpec: includeSpec, links: links, to: &w)
        }
        w.closeArray()
        w.key("nextCursor"); w.string(page.nextCursor.map(Cursor.encode))
        w.closeObject()
        return .json(200, w.bytes)
    }

    /// `?metadata[KEY]=VALUE` on the job list: the jobs whose spec's `metadata` has the string member
    /// KEY (letters, digits, `_`, `-`, `.`, at most 64) equal to VALUE; one such parameter at most.
    /// Or `?q=TEXT`: the jobs whose `metadata.name` contains TEXT (ASCII letters in either case).
    func metadataFilter(_ r: HTTPRequest, _ problems: inout [SpecProblem]) -> MetadataFilter? {
        let items = r.head.query.filter { $0.name.hasPrefix("metadata[") }
        if let q = r.head.queryValue("q") {
            guard items.isEmpty else {
                problems.append(SpecProblem(pointer: "/q", message: "filters alone: not with metadata[KEY]"))
                return nil
            }
            guard (1...200).contains(q.count) else {
                problems.append(SpecProblem(pointer: "/q", message: "must be 1 to 200 characters"))
                return nil
            }
            return MetadataFilter(key: "name", value: q, match: .contains)
        }
        guard let first = items.first else { return nil }
        guard items.count == 1 else {
            problems.append(SpecProblem(pointer: "/metadata", message: "filters by one member at a time"))
            return nil
        }
        let key = String(first.name.dropFirst("metadata[".count).dropLast())
        let allowed = key.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "_-.".unicodeScalars.contains($0) }
        guard first.name.hasSuffix("]"), (1...64).contains(key.count), allowed else {
            problems.append(SpecProblem(pointer: "/metadata", message: "must be metadata[KEY]=VALUE with a KEY of 1 to 64 letters, digits, _, - or ."))
            return nil
        }
        guard first.value.count <= 1024 else {
            problems.append(SpecProblem(pointer: "/metadata/" + JSONPointer.escape(key), message: "must be at most 1024 characters"))
            return nil
        }
        return MetadataFilter(key: key, value: first.value)
    }

    /// `?include=spec` on a list: items carry their spec only when asked (a spec can be large).
    func includesSpec(_ r: HTTPRequest, _ problems: inout [SpecProblem]) -> Bool {
        guard let include = r.head.queryValue("include") else { return false }
        guard include == "spec" else {
            problems.append(SpecProblem(pointer: "/include", message: "must be spec"))
            return false
        }
        return true
    }

    /// `limit` (1–100, default 20) and `cursor` of a list request.
    func pageParameters(_ r: HTTPRequest, _ problems: inout [SpecProblem],
                        decode: (String) -> String? = Cursor.decode) -> (limit: Int, cursor: String?) {
        var limit = 20
        if let l = r.head.queryValue("limit") {
            if let v = Int(l), (1...100).contains(v) { limit = v } else { problems.append(SpecProblem(pointer: "/limit", message: "must be a whole number from 1 to 100")) }
        }
        var cursor: String?
        if let c = r.head.queryValue("cursor") {
            cursor = decode(c)
            if cursor == nil { problems.append(SpecProblem(pointer: "/cursor", message: "is not a cursor this server issued")) }
        }
        return (limit, cursor)
    }

    func cancelJob(_ id: String, key: String) throws -> HTTPResponse {
        switch try store.cancel(id, keyID: key) {
        case .canceled(let job), .requested(let job):
            logger.info("job cancel requested", metadata: ["jobId": "\(id)", "status": "\(job.status.rawValue)"])
            return jobResponse(job, 202)
        case .alreadyFinished(let job):
            throw ProblemError(.conflict("job-finished", "job \(id) already \(job.status.rawValue)"))
        case .notFound:
            throw ProblemError(.notFound("no job \(id)"))
        }
    }

    /// `DELETE /v1/jobs/{id}`: the job record and its output are removed; a running render stops
    /// at its next heartbeat (within a second) and leaves nothing.
    func deleteJob(_ id: String, key: String) throws -> HTTPResponse {
        switch try store.deleteJob(id, keyID: key) {
        case .deleted(let paths, let wasRunning):
            paths.forEach(outputs.remove)
            logger.info("job deleted", metadata: ["jobId": "\(id)", "wasRunning": .stringConvertible(wasRunning)])
            return HTTPResponse(status: 204)
        case .notFound:
            throw ProblemError(.notFound("no job \(id)"))
        }
    }

    func jobResponse(_ job: Job, _ status: Int, location: Bool = false) -> HTTPResponse {
        var response = HTTPResponse.json(status, JobJSON.job(job, retentionHours: config.outputRetentionHours, links: links))
        if location { response.headers.set("Location", "/v1/jobs/\(job.id)") }
        return response
    }
}
