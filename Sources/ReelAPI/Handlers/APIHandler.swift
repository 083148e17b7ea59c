import Foundation
import Logging
import ReelEngine
import ReelHTTP
import ReelStore
import ReelSpec
import ReelBasics
import ReelStorage
import ReelFetch
import ReelWorker

/// The REST API v1 of docs/API.md on top of the HTTP server: authenticates callers, routes
/// requests, chooses how each body is received (JSON in memory with a 1 MiB cap, uploads streamed
/// to disk, nothing at all for a caller without a valid key), and turns every failure into
/// problem+json.
public final class APIHandler: HTTPHandler, Sendable {
    let config: ServerConfiguration
    let store: any JobStore
    let pool: WorkerPool
    let resolver: SourceResolver
    let locations: any MediaLocations
    /// Where finished outputs are kept.
    let outputs: any OutputStore
    /// Where accepted uploads are kept.
    let uploads: any UploadStore
    /// Output links that work without the key (`output.downloadUrl`).
    let links: OutputLinks
    let logger: Logger
    /// Fetches assets imported from the web.
    let importer: AssetImporter
    let keys: KeyRing
    let cors: CORSPolicy
    /// Per-caller request limits; nil when `limits.requestsPerMinute` is 0.
    let limiter: RateLimiter?
    let requests = RequestCounter()
    /// The events streams open on this node.
    let events: JobEventHub
    /// The assets a `complete` is checking now: a second completion of one waits for the first and
    /// answers its outcome.
    let completing = Guarded(Set<String>())
    /// Outputs in a bucket served through this node (`proxyOutputs`), sent as they are copied.
    let proxied = ProxiedOutputs()
    /// Waveforms answered lately (`POST /v1/waveform`).
    let waveforms = WaveformCache()
    /// Where specs are planned, previews drawn and timelines written: warm child processes
    /// (`EngineChildren`), never this process's threads; previews keep their contexts open there.
    let engine: EngineChildren
    /// The job spec's schema as this server serves it.
    let schema: SchemaDocument

    public init(config: ServerConfiguration, store: any JobStore, pool: WorkerPool, resolver: SourceResolver, locations: any MediaLocations,
                outputs: any OutputStore, uploads: any UploadStore, links: OutputLinks, engine: EngineChildren, logger: Logger) {
        self.engine = engine
        self.config = config
        schema = SchemaDocument(publicURL: config.publicURL)
        self.store = store
        self.pool = pool
        self.resolver = resolver
        self.locations = locations
        self.outputs = outputs
        self.uploads = uploads
        self.links = links
        self.logger = logger
        importer = AssetImporter(store: store, uploads: uploads,
                                 fetch: WebFetch(resolver: HostResolver(trusted: config.allowedHosts), maxBytes: min(config.sourceBytes, config.uploadBytes),
                                                 maxSeconds: config.sourceSeconds),
                                 temp: locations.uploadsTemp, engine: engine, logger: logger)
        keys = KeyRing(config)
        cors = CORSPolicy(origins: config.corsOrigins)
        limiter = config.requestsPerMinute > 0 ? RateLimiter(perMinute: config.requestsPerMinute) : nil
        events = JobEventHub(store: store, logger: logger) { [config, links] job in
            JobJSON.job(job, retentionHours: config.outputRetentionHours, includeSpec: false, links: links)
        }
    }

    /// Ends the events streams (each after what was sent) and their thread.
    public func stop() { events.stop() }

    public func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { bodyPolicy(head) }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        // On a pool thread the store is asked, so there is always an answer.
        let admission = admit(request.head, .store) ?? .refused(.internalError("the API key could not be checked"), route: nil)
        do {
            response = try FFmpegLog.whileHandling(request: request.head.requestID) { try route(request, admission) }
        } catch let p as ProblemError {
            response = p.problem.response(requestID: request.head.requestID)
        } catch let e where Problem.storage(e) != nil {
            logger.warning("request refused: storage", metadata: ["requestId": "\(request.head.requestID)", "error": "\(e)"])
            response = Problem.storage(e)!.response(requestID: request.head.requestID)
        } catch {
            logger.error("request failed", metadata: ["requestId": "\(request.head.requestID)", "error": "\(error)"])
            response = Problem.internalError("the request could not be completed; see the server log for request \(request.head.requestID)")
                .response(requestID: request.head.requestID)
        }
        finish(&response, request.head, route: admission.routeName)
        return response
    }

    /// The status path, answered on the event loop without the hand-off to a pool thread: the
    /// routes with an `inline` answer (`/healthz`, and `GET`/`HEAD /v1/jobs/{id}` when the store
    /// can be read without waiting). Everything else, refusals included, returns nil and is
    /// handled on the pool.
    public func respondInline(to head: HTTPRequestHead) -> HTTPResponse? {
        guard head.method == "GET" || head.method == "HEAD", case .admitted(let a)? = admit(head, .withoutWaiting), !a.viaLink,
              let inline = a.row.inline, var response = inline(self, head, a) else { return nil }
        finish(&response, head, route: a.row.name)
        return response
    }

    /// `GET /v1/jobs/{id}` on the event loop: a real store read, on a connection that does not
    /// wait (a busy database, a job with webhook deliveries to list, or any error goes to the pool
    /// instead). Counted against the rate limit here, since it is answered here.
    func jobInline(_ a: Admission.Admitted, _ head: HTTPRequestHead) -> HTTPResponse? {
        let id = a.values[0]
        // Where every read may wait (PostgreSQL), a handler thread answers instead.
        guard let reader = store.jobsWithoutWaiting else { return nil }
        let found: Job?
        do { found = try reader.job(id, keyID: a.project) } catch { return nil }
        if let job = found, job.webhook != nil { return nil }
        let quota = charge(a, head)
        var response: HTTPResponse
        if let quota, !quota.allowed {
            response = Problem.tooManyRequests(quota).response(requestID: head.requestID)
        } else if let job = found {
            response = .json(200, JobJSON.job(job, retentionHours: config.outputRetentionHours, deliveries: nil, links: links))
        } else {
            response = Problem.notFound("no job \(id)").response(requestID: head.requestID)
        }
        for (k, v) in quota?.headers ?? [] where quota?.allowed == true { response.headers.set(k, v) }
        return response
    }

    static let healthy = HTTPResponse.json(200, Array(#"{"status":"ok"}"#.utf8))

    /// What every answer gets: CORS headers for an allowed origin (errors too, so a browser's
    /// script can read why its request failed), its count and its time.
    private func finish(_ response: inout HTTPResponse, _ head: HTTPRequestHead, route: String?) {
        cors.decorate(&response, for: head)
        requests.count(route: route, method: head.method, status: response.status)
        if head.receivedAt != 0 {
            let seconds = Double(MonotonicClock.now() &- head.receivedAt) / 1e9
            requests.time(route: route ?? "unknown", seconds: seconds)
        }
    }

    public func reject(_ head: HTTPRequestHead?, requestID: String, status: Int, reason: String) -> HTTPResponse {
        requests.count(route: head.flatMap { RouteTable.match($0.path)?.resource.name }, method: head?.method ?? "UNKNOWN", status: status)
        var response = Problem.transport(status, reason).response(requestID: requestID)
        cors.decorate(&response, for: head)
        return response
    }

    /// Answers an admitted request with its row's handler, its rate limit charged first
    /// (`charge`: a signed link's is not); a refusal is thrown as its problem.
    func route(_ r: HTTPRequest, _ admission: Admission) throws -> HTTPResponse {
        let a: Admission.Admitted
        switch admission {
        case .refused(let problem, _): throw ProblemError(problem)
        case .preflight(let resource, let values):
            // A preflight carries no key, so it cannot say whether a resource exists for its
            // caller; an id Reel could never have issued is a 404 all the same.
            if let prefix = resource.pattern.idPrefix, let id = values.first, !RoutePattern.isWellFormed(id, prefix: prefix) {
                throw ProblemError(.notFound("no resource at \(r.head.path)"))
            }
            return cors.preflight(allow: resource.allow, r.head)
        case .admitted(let admitted): a = admitted
        }
        if a.viaLink { return try linkedOutput(a.row.name, a.values, r) }
        let quota = charge(a, r.head)
        if let quota, !quota.allowed { throw ProblemError(.tooManyRequests(quota)) }
        if let key = a.key { noteUse(key) }
        do {
            var response = try a.row.handler(self, RouteCall(request: r, values: a.values, project: a.project, key: a.key))
            for (k, v) in quota?.headers ?? [] { response.headers.set(k, v) }
            return response
        } catch let e as ProblemError {
            var p = e.problem
            p.headers += quota?.headers ?? []
            throw ProblemError(p)
        }
    }

    /// Records when a key was last used (`GET /v1/keys` shows it), at most once a minute per key:
    /// a write per request would cost more than the answer is worth.
    private func noteUse(_ key: StoredKey) {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        guard now - (key.lastUsedAt ?? 0) >= 60_000 else { return }
        do { try store.touchKey(key.id, at: now) } catch {
            logger.debug("a key's last use was not recorded", metadata: ["keyId": "\(key.id)", "error": "\(error)"])
        }
    }

    /// `GET /console/NAME`: the web console's files (`ConsoleAssets`; "" is the page).
    static func console(_ name: String, _ r: HTTPRequest) throws -> HTTPResponse {
        guard let file = ConsoleAssets.response(name, ifNoneMatch: r.head.headers["If-None-Match"]) else {
            throw ProblemError(.notFound("no console file \(name)"))
        }
        return file
    }

    /// Whether a request's body is JSON (its `Content-Type`, parameters aside): the one rule for
    /// the body policy, the upload route's choice of an import, and `jsonBody`.
    static func isJSON(_ head: HTTPRequestHead) -> Bool {
        (head.headers["Content-Type"] ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } == "application/json"
    }

    /// A resolver whose `upload:ID` sources are the caller's own assets only.
    func resolver(for key: String) -> SourceResolver {
        var r = resolver
        let store = store
        let uploads = uploads
        r.uploads = { id in try ReadyUpload.copy(try? store.asset(id, keyID: key), id: id, uploads: uploads) }
        return r
    }

    /// The JSON body of a request that must be JSON, or a 415/422.
    func jsonBody(_ r: HTTPRequest) throws -> [UInt8] {
        guard APIHandler.isJSON(r.head) else {
            throw ProblemError(.transport(415, "send the body as application/json"))
        }
        guard case .data(let bytes) = r.body else { return [] }
        return bytes
    }
}

/// A problem thrown from an endpoint.
struct ProblemError: Error {
    let problem: Problem
    init(_ p: Problem) { problem = p }
}
