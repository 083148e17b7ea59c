import Foundation
import ReelEngine
import ReelHTTP
import ReelQueue
import ReelSpec

extension APIHandler {
    /// Validates the spec completely — syntax, rules, unsupported features, every source resolved
    /// and probed — before queueing it, so a job that could never render is a 422, not a failure later.
    func submitJob(_ r: HTTPRequest) throws -> HTTPResponse {
        let body = try jsonBody(r)
        let spec: JobSpec
        switch SpecDecoder.decode(body) {
        case .success(let s): spec = s
        case .failure(let p): throw ProblemError(.validation(p.problems))
        }
        do {
            _ = try RenderPlanner(resolver: resolver).plan(spec)
        } catch RenderError.invalid(let problems) {
            throw ProblemError(.validation(problems))
        } catch let e as RenderError where e.isRetryable {
            throw ProblemError(.sourceUnavailable(e))
        }
        let key = r.head.headers["Idempotency-Key"]
        if let key, key.isEmpty || key.count > 200 {
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "Idempotency-Key must be 1 to 200 characters")],
                                           detail: "the Idempotency-Key header is not valid"))
        }
        let text = String(decoding: body, as: UTF8.self)
        switch try store.submit(spec: text, bodyHash: SHA256.hex(of: body), idempotencyKey: key) {
        case .created(let job):
            logger.info("job queued", metadata: ["jobId": "\(job.id)", "requestId": "\(r.head.requestID)"])
            pool.wake()
            return jobResponse(job, 202, location: true)
        case .existing(let job):
            return jobResponse(job, 202, location: true)
        case .conflict(let job):
            throw ProblemError(Problem(status: 422, type: "idempotency-key-reused", title: "Idempotency-Key reused",
                                       detail: "the Idempotency-Key was already used for job \(job.id) with a different body"))
        }
    }

    func getJob(_ id: String) throws -> HTTPResponse {
        guard let job = try store.job(id) else { throw ProblemError(.notFound("no job \(id)")) }
        return jobResponse(job, 200)
    }

    func listJobs(_ r: HTTPRequest) throws -> HTTPResponse {
        var problems: [SpecProblem] = []
        var status: Job.Status?
        if let s = r.head.queryValue("status") {
            status = Job.Status(rawValue: s)
            if status == nil { problems.append(SpecProblem(pointer: "/status", message: "must be one of \(Job.Status.allCases.map(\.rawValue).joined(separator: ", "))")) }
        }
        var limit = 20
        if let l = r.head.queryValue("limit") {
            if let v = Int(l), (1...100).contains(v) { limit = v } else { problems.append(SpecProblem(pointer: "/limit", message: "must be a whole number from 1 to 100")) }
        }
        let cursor = r.head.queryValue("cursor")
        if let c = cursor, Int64(c) == nil { problems.append(SpecProblem(pointer: "/cursor", message: "is not a cursor this server issued")) }
        if !problems.isEmpty { throw ProblemError(.validation(problems, detail: "the query parameters are not valid")) }
        let page = try store.list(status: status, limit: limit, cursor: cursor)
        return JSONValue.object([
            ("jobs", .array(page.jobs.map { JobJSON.job($0, retentionHours: config.outputRetentionHours) })),
            ("nextCursor", page.nextCursor.map { .string($0) } ?? .null),
        ]).response(200)
    }

    func cancelJob(_ id: String) throws -> HTTPResponse {
        switch try store.cancel(id) {
        case .canceled(let job), .requested(let job):
            logger.info("job cancel requested", metadata: ["jobId": "\(id)", "status": "\(job.status.rawValue)"])
            return jobResponse(job, 202)
        case .alreadyFinished(let job):
            throw ProblemError(.conflict("job-finished", "job \(id) already \(job.status.rawValue)"))
        case .notFound:
            throw ProblemError(.notFound("no job \(id)"))
        }
    }

    func jobResponse(_ job: Job, _ status: Int, location: Bool = false) -> HTTPResponse {
        JobJSON.job(job, retentionHours: config.outputRetentionHours)
            .response(status, headers: location ? [("Location", "/v1/jobs/\(job.id)")] : [])
    }

    func metrics() throws -> HTTPResponse {
        let counts = try store.counts()
        var lines = ["# HELP reel_jobs Jobs by status.", "# TYPE reel_jobs gauge"]
        for s in Job.Status.allCases { lines.append("reel_jobs{status=\"\(s.rawValue)\"} \(counts[s] ?? 0)") }
        lines += ["# HELP reel_queue_depth Jobs waiting for a worker.", "# TYPE reel_queue_depth gauge",
                  "reel_queue_depth \(counts[.queued] ?? 0)"]
        let r = pool.metrics.snapshot
        lines += ["# HELP reel_render_seconds Wall time of successful renders.", "# TYPE reel_render_seconds summary",
                  "reel_render_seconds_sum \(r.sum)", "reel_render_seconds_count \(r.count)"]
        lines += ["# HELP reel_http_requests_total HTTP requests by method and status code.", "# TYPE reel_http_requests_total counter"]
        for (k, v) in requests.snapshot.sorted(by: { $0.key < $1.key }) {
            lines.append("reel_http_requests_total{method=\"\(k.method)\",code=\"\(k.status)\"} \(v)")
        }
        var h = HTTPHeaders()
        h.set("Content-Type", "text/plain; version=0.0.4")
        return HTTPResponse(status: 200, headers: h, body: .bytes(Array((lines.joined(separator: "\n") + "\n").utf8)))
    }
}

/// Counts requests by method and status for `/metrics`.
final class RequestCounter: @unchecked Sendable {
    struct Key: Hashable, Comparable {
        let method: String
        let status: Int
        static func < (a: Key, b: Key) -> Bool { (a.method, a.status) < (b.method, b.status) }
    }

    private let lock = NSLock()
    private var counts: [Key: Int] = [:]

    func count(method: String, status: Int) {
        let m = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"].contains(method) ? method : "OTHER"
        lock.lock()
        counts[Key(method: m, status: status), default: 0] += 1
        lock.unlock()
    }

    var snapshot: [Key: Int] {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}
