import Foundation
import ReelHTTP
import ReelSpec
import ReelStore
import ReelWorker

/// `POST /v1/batches`, `GET`/`DELETE /v1/batches/{id}`, `POST /v1/batches/{id}/cancel`
/// (docs/API.md (batches)): many jobs judged together, created together, followed and ended together.
extension APIHandler {
    /// `{"template": "tpl_…", "rows": [{merge…}, …]}` or `{"jobs": [spec, …]}`: every job judged
    /// as `POST /v1/jobs` would judge it, every problem at once (at `/rows/N/…` or `/jobs/N/…`),
    /// then all created in one transaction, or none.
    func submitBatch(_ r: HTTPRequest, key: String) throws -> HTTPResponse {
        let (_, json) = try jsonDocument(r)
        guard case .object(let members) = json else {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "must be an object: {\"template\", \"rows\"} or {\"jobs\"}")]))
        }
        var problems = members.filter { !["template", "rows", "jobs", "webhook"].contains($0.key) }
            .map { SpecProblem(pointer: "/" + JSONPointer.escape($0.key), message: "unknown field") }
        let webhookURL = batchWebhook(members.first { $0.key == "webhook" }?.value, &problems)
        let rows = members.first { $0.key == "rows" }?.value
        let specs = members.first { $0.key == "jobs" }?.value
        let items: [JSONValue]
        let prefix: String
        switch (rows, specs) {
        case (.array(let a)?, nil): (items, prefix) = (a, "/rows")
        case (nil, .array(let a)?): (items, prefix) = (a, "/jobs")
        case (nil, nil): throw ProblemError(.validation(problems + [SpecProblem(pointer: "", message: "needs rows (with template) or jobs")]))
        case (_?, _?): throw ProblemError(.validation(problems + [SpecProblem(pointer: "/jobs", message: "cannot be given together with rows")]))
        default: throw ProblemError(.validation(problems + [SpecProblem(pointer: rows != nil ? "/rows" : "/jobs", message: "must be an array")]))
        }
        if prefix == "/jobs", members.contains(where: { $0.key == "template" }) {
            problems.append(SpecProblem(pointer: "/template", message: "is only used with rows"))
        }
        if items.isEmpty || items.count > config.batchJobs {
            problems.append(SpecProblem(pointer: prefix, message: "must hold 1 to \(config.batchJobs) items (limits.batchJobs), found \(items.count)"))
        } else if items.count > config.queuedJobsPerKey {
            problems.append(SpecProblem(pointer: prefix, message: "holds \(items.count) jobs, more than a key may have queued (limits.queuedJobsPerKey, \(config.queuedJobsPerKey))"))
        }
        if prefix == "/rows" {
            // The template once, not once a row.
            if case .string(let id)? = members.first(where: { $0.key == "template" })?.value {
                if try store.template(id, keyID: key) == nil { problems.append(SpecProblem(pointer: "/template", message: "names no template")) }
            } else {
                problems.append(SpecProblem(pointer: "/template", message: "must be a template id"))
            }
        }
        if !problems.isEmpty { throw ProblemError(.validation(problems)) }
        var jobs: [JobSubmission] = []
        for (i, item) in items.enumerated() {
            let at = "\(prefix)/\(i)"
            do {
                let (spec, templateID): (JSONValue, String?)
                if prefix == "/rows" {
                    let merged = try mergedTemplate(members.filter { $0.key == "template" } + [(key: "merge", value: item)], key: key)
                    (spec, templateID) = (merged.spec, merged.templateID)
                } else {
                    (spec, templateID) = (item, nil)
                }
                let (decoded, _) = try accepted(spec, key: key)
                jobs.append(JobSubmission(spec: spec.serialized, bodyHash: APIHandler.bodyHash(spec), keyID: key,
                                          assets: APIHandler.uploads(in: spec),
                                          webhook: decoded.webhook.map { JobWebhook(url: $0.url, events: $0.events.map(\.rawValue)) },
                                          templateID: templateID, metadata: decoded.metadata?.serialized, priority: decoded.priority.rank))
            } catch let e as ProblemError where e.problem.status == 422 {
                problems += e.problem.errors.map { SpecProblem(pointer: Self.batchPointer(at, $0.pointer, rows: prefix == "/rows"), message: $0.message) }
                if e.problem.type != "validation" && e.problem.errors.isEmpty {
                    problems.append(SpecProblem(pointer: at, message: e.problem.detail))
                }
            }
        }
        if !problems.isEmpty {
            throw ProblemError(.validation(problems, detail: "\(problems.count) problem\(problems.count == 1 ? "" : "s") in the batch; nothing was created"))
        }
        let idempotencyKey = try checkedIdempotencyKey(r)
        let submission = BatchSubmission(keyID: key, bodyHash: APIHandler.bodyHash(json), idempotencyKey: idempotencyKey,
                                         jobs: jobs, queuedLimit: config.queuedJobsPerKey, webhookURL: webhookURL)
        switch try store.submitBatch(submission) {
        case .created(let batch, let ids):
            logger.info("batch queued", metadata: ["batchId": "\(batch.id)", "jobs": .stringConvertible(ids.count),
                                                   "requestId": "\(r.head.requestID)"])
            pool.wake()
            return try batchResponse(batch, jobIDs: ids, 202)
        case .existing(let batch, let ids):
            return try batchResponse(batch, jobIDs: ids, 202)
        case .conflict(let batch):
            throw ProblemError(Problem(status: 422, type: "idempotency-key-reused", title: "Idempotency-Key reused",
                                       detail: "the Idempotency-Key was already used for batch \(batch.id) with a different body"))
        case .overQuota(let queued, let retry):
            throw ProblemError(Problem.tooManyJobs(queued: queued, retryAfter: retry))
        case .assetsMissing(let index, let ids):
            throw ProblemError(.validation(ids.map { SpecProblem(pointer: "\(prefix)/\(index)", message: "\(SourceScheme.upload($0)) was deleted while the batch was submitted") }))
        }
    }

    /// The batch's own `webhook` (`{"url": …}`, told once every job has ended), by the rules of a
    /// job's: a `webhookSecret` to sign with and a URL the server may reach.
    func batchWebhook(_ value: JSONValue?, _ problems: inout [SpecProblem]) -> String? {
        guard let value else { return nil }
        guard case .object(let members) = value, case .string(let url)? = members.first(where: { $0.key == "url" })?.value else {
            problems.append(SpecProblem(pointer: "/webhook", message: "must be an object with a url"))
            return nil
        }
        problems += members.filter { $0.key != "url" }.map { SpecProblem(pointer: "/webhook/" + JSONPointer.escape($0.key), message: "unknown field") }
        if config.webhookSecret == nil {
            problems.append(SpecProblem(pointer: "/webhook", message: "cannot be sent: this server has no webhookSecret (REEL_WEBHOOK_SECRET) to sign with"))
            return nil
        }
        if let why = WebhookDeliverer.refusal(url, allowedHosts: config.allowedHosts) {
            problems.append(SpecProblem(pointer: "/webhook/url", message: why))
            return nil
        }
        return url
    }

    /// A job's problem as a batch's: `/merge/NAME` of a row is the row's `NAME`; anything else is
    /// in the row's merged spec or the job's spec.
    static func batchPointer(_ at: String, _ pointer: String, rows: Bool) -> String {
        if rows, pointer.hasPrefix("/merge/") { return at + pointer.dropFirst("/merge".count) }
        if rows, pointer == "/merge" { return at }
        return at + pointer
    }

    func getBatch(_ id: String, key: String) throws -> HTTPResponse {
        guard let batch = try store.batch(id, keyID: key) else { throw ProblemError(.notFound("no batch \(id)")) }
        return try batchResponse(batch, jobIDs: nil, 200)
    }

    func cancelBatch(_ id: String, key: String) throws -> HTTPResponse {
        guard let results = try store.cancelBatch(id, keyID: key), let batch = try store.batch(id, keyID: key) else {
            throw ProblemError(.notFound("no batch \(id)"))
        }
        logger.info("batch cancel requested", metadata: ["batchId": "\(id)", "jobs": .stringConvertible(results.count)])
        return try batchResponse(batch, jobIDs: nil, 202)
    }

    func deleteBatch(_ id: String, key: String) throws -> HTTPResponse {
        guard let deletions = try store.deleteBatch(id, keyID: key) else { throw ProblemError(.notFound("no batch \(id)")) }
        for case .deleted(let paths, _) in deletions { paths.forEach(outputs.remove) }
        logger.info("batch deleted", metadata: ["batchId": "\(id)", "jobs": .stringConvertible(deletions.count)])
        return HTTPResponse(status: 204)
    }

    func batchResponse(_ batch: Batch, jobIDs: [String]?, _ status: Int) throws -> HTTPResponse {
        let progress = try store.batchProgress(batch.id)
        var response = HTTPResponse.json(status, BatchJSON.batch(batch, progress, now: Int64(Date().timeIntervalSince1970 * 1000)))
        response.headers.set("Location", "/v1/batches/\(batch.id)")
        return response
    }
}
