import Foundation
import Logging
import ReelEngine
import ReelHTTP
import ReelStore
import ReelWorker
import ReelSpec
import ReelSync
import ReelStorage
import ReelWeb

/// The REST API v1 of PRODUCT.md §2 on top of the HTTP server: authenticates callers, routes
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
    let keys: APIKeys
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

    public init(config: ServerConfiguration, store: any JobStore, pool: WorkerPool, resolver: SourceResolver, locations: any MediaLocations,
                outputs: any OutputStore, uploads: any UploadStore, links: OutputLinks, logger: Logger) {
        self.config = config
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
                                 temp: locations.uploadsTemp, logger: logger)
        keys = APIKeys(config.apiKeys)
        cors = CORSPolicy(origins: config.corsOrigins)
        limiter = config.requestsPerMinute > 0 ? RateLimiter(perMinute: config.requestsPerMinute) : nil
        events = JobEventHub(store: store, logger: logger) { [config, links] job in
            JobJSON.job(job, retentionHours: config.outputRetentionHours, includeSpec: false, links: links)
        }
    }

    /// Ends the events streams (each after what was sent) and their thread.
    public func stop() { events.stop() }

    public func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy {
        // An unknown path or a method the route does not answer is refused from its head (404 or
        // 405), whatever body it carries; the body is never read.
        guard let route = Route(path: head.path) else { return .unread }
        let method = head.method == "HEAD" ? "GET" : head.method
        guard method == "OPTIONS" || route.methods.contains(method) else { return .unread }
        // A caller without a valid key is answered 401 from the head; an upload is not stored first.
        if route.needsKey, !keys.isEmpty, head.method != "OPTIONS", !APIHandler.isLinkRequest(head, route) {
            guard case .key = keys.check(head.headers["Authorization"]) else { return .unread }
        }
        switch (head.method, route) {
        case ("POST", .jobs), ("POST", .probe), ("POST", .validate), ("POST", .templates), ("POST", .uploads):
            return .buffer(maxBytes: config.jsonBodyBytes)
        case ("POST", .batches): return .buffer(maxBytes: config.batchBodyBytes)
        case ("POST", .assets) where APIHandler.isJSON(head):
            return .buffer(maxBytes: config.jsonBodyBytes)  // an import: {"url": …}
        case ("POST", .assets): return .file(directory: locations.uploadsTemp, maxBytes: config.uploadBytes)
        case ("PUT", .upload(let id)):
            // A body is taken only with a signature that holds; otherwise the answer is a 403 from the head.
            guard (try? links.checkUpload(assetID: id, expires: head.queryValue("expires"), signature: head.queryValue("signature"),
                                          now: Int64(Date().timeIntervalSince1970 * 1000))) != nil else { return .unread }
            return .file(directory: locations.uploadsTemp, maxBytes: config.uploadBytes)
        default: return .none
        }
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        do {
            response = try FFmpegLog.whileHandling(request: request.head.requestID) { try route(request) }
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
        finish(&response, request.head, route: Route(path: request.head.path))
        return response
    }

    /// The status path, answered on the event loop without the hand-off to a pool thread:
    /// `GET`/`HEAD /v1/jobs/{id}` (a real store read, on a connection that does not wait: a busy
    /// database, a job with webhook deliveries to list, or any error goes to the pool instead) and
    /// `/healthz`. Everything else returns nil and is handled on the pool.
    public func respondInline(to head: HTTPRequestHead) -> HTTPResponse? {
        guard head.method == "GET" || head.method == "HEAD", let route = Route(path: head.path) else { return nil }
        var response: HTTPResponse
        switch route {
        case .health:
            response = APIHandler.healthy
        case .job(let id):
            var key = ""
            if !keys.isEmpty {
                guard case .key(let k) = keys.check(head.headers["Authorization"]) else { return nil }
                key = k
            }
            // Where every read may wait (PostgreSQL), a handler thread answers instead.
            guard let reader = store.jobsWithoutWaiting else { return nil }
            let found: Job?
            do { found = try reader.job(id, keyID: key) } catch { return nil }
            if let job = found, job.webhook != nil { return nil }
            // Answered here, so counted here (a request handed to the pool is counted there).
            let quota = limiter?.take(RateLimiter.caller(key: key, client: head.clientAddress), now: MonotonicClock.now())
            if let quota, !quota.allowed {
                response = Problem.tooManyRequests(quota).response(requestID: head.requestID)
            } else if let job = found {
                response = .json(200, JobJSON.job(job, retentionHours: config.outputRetentionHours, deliveries: nil, links: links))
            } else {
                response = Problem.notFound("no job \(id)").response(requestID: head.requestID)
            }
            for (k, v) in quota?.headers ?? [] where quota?.allowed == true { response.headers.set(k, v) }
        default:
            return nil
        }
        finish(&response, head, route: route)
        return response
    }

    static let healthy = HTTPResponse.json(200, Array(#"{"status":"ok"}"#.utf8))

    /// What every answer gets: CORS headers for an allowed origin (errors too, so a browser's
    /// script can read why its request failed), its count and its time.
    private func finish(_ response: inout HTTPResponse, _ head: HTTPRequestHead, route: Route?) {
        cors.decorate(&response, for: head)
        requests.count(route: route?.name, method: head.method, status: response.status)
        if head.receivedAt != 0 {
            let seconds = Double(MonotonicClock.now() &- head.receivedAt) / 1e9
            requests.time(route: route?.name ?? "unknown", seconds: seconds)
        }
    }

    public func reject(_ head: HTTPRequestHead?, requestID: String, status: Int, reason: String) -> HTTPResponse {
        requests.count(route: head.flatMap { Route(path: $0.path)?.name }, method: head?.method ?? "UNKNOWN", status: status)
        var response = Problem.transport(status, reason).response(requestID: requestID)
        cors.decorate(&response, for: head)
        return response
    }

    func route(_ r: HTTPRequest) throws -> HTTPResponse {
        guard let route = Route(path: r.head.path) else { throw ProblemError(.notFound("no resource at \(r.head.path)")) }
        // Preflights carry no credentials (browsers never send them), so OPTIONS needs no key.
        if r.head.method == "OPTIONS" {
            // A preflight carries no key, so it cannot say whether a resource exists for its
            // caller; an id Reel could never have issued is a 404 all the same.
            guard route.hasWellFormedID else { throw ProblemError(.notFound("no resource at \(r.head.path)")) }
            return cors.preflight(route, r.head)
        }
        let method = r.head.method == "HEAD" ? "GET" : r.head.method
        guard route.methods.contains(method) else {
            var p = Problem(status: 405, type: "method-not-allowed", title: "Method not allowed",
                            detail: "\(r.head.method) is not allowed on \(r.head.path)")
            p.headers = [("Allow", route.allow)]
            throw ProblemError(p)
        }
        if let problem = APIHandler.linkQueryProblem(r.head, route) { throw ProblemError(.validation([problem], detail: "the query parameters are not valid")) }
        if APIHandler.isLinkRequest(r.head, route) { return try linkedOutput(route, r) }
        let key = try caller(r, route)
        let quota = try rateLimit(r.head, key: key, route)
        do {
            var response = try dispatch(method, route, r, key: key)
            for (k, v) in quota?.headers ?? [] { response.headers.set(k, v) }
            return response
        } catch let e as ProblemError {
            var p = e.problem
            p.headers += quota?.headers ?? []
            throw ProblemError(p)
        }
    }

    /// Takes the request's token from its caller's bucket (`limits.requestsPerMinute`); a 429 when
    /// the bucket is empty. Health, readiness and metrics are never limited (monitors poll them).
    private func rateLimit(_ head: HTTPRequestHead, key: String, _ route: Route) throws -> RateLimiter.Decision? {
        guard let limiter, route.needsKey else { return nil }
        if case .metrics = route { return nil }
        let quota = limiter.take(RateLimiter.caller(key: key, client: head.clientAddress), now: MonotonicClock.now())
        if !quota.allowed { throw ProblemError(.tooManyRequests(quota)) }
        return quota
    }

    private func dispatch(_ method: String, _ route: Route, _ r: HTTPRequest, key: String) throws -> HTTPResponse {
        switch (method, route) {
        case ("GET", .health): return APIHandler.healthy
        case ("GET", .ready): return readiness()
        case ("GET", .metrics): return try metrics()
        case ("POST", .jobs): return try submitJob(r, key: key)
        case ("GET", .jobs): return try listJobs(r, key: key)
        case ("GET", .job(let id)): return try getJob(id, key: key)
        case ("DELETE", .job(let id)): return try deleteJob(id, key: key)
        case ("POST", .jobCancel(let id)): return try cancelJob(id, key: key)
        case ("GET", .jobOutput(let id)): return try output(id, r, access: .key(key))
        case ("GET", .jobOutputFile(let id, let name)): return try hlsFile(id, name, r, access: .key(key))
        case ("GET", .jobThumbnail(let id)): return try thumbnail(id, r, key: key)
        case ("GET", .jobTimeline(let id)): return try timeline(id, key: key)
        case ("POST", .assets) where APIHandler.isJSON(r.head): return try importAsset(r, key: key)
        case ("POST", .assets): return try upload(r, key: key)
        case ("POST", .uploads): return try createUpload(r, key: key)
        case ("PUT", .upload(let id)): return try putUpload(id, r)
        case ("POST", .assetComplete(let id)): return try completeAsset(id, key: key)
        case ("GET", .asset(let id)): return try getAsset(id, key: key)
        case ("DELETE", .asset(let id)): return try deleteAsset(id, key: key)
        case ("POST", .probe): return try probe(r, key: key)
        case ("POST", .validate): return try validate(r, key: key)
        case ("GET", .console(let name)):
            guard let file = ConsoleAssets.response(name, ifNoneMatch: r.head.headers["If-None-Match"]) else {
                throw ProblemError(.notFound("no console file \(name)"))
            }
            return file
        case ("POST", .batches): return try submitBatch(r, key: key)
        case ("GET", .batch(let id)): return try getBatch(id, key: key)
        case ("POST", .batchCancel(let id)): return try cancelBatch(id, key: key)
        case ("DELETE", .batch(let id)): return try deleteBatch(id, key: key)
        case ("GET", .events): return try keyEvents(r, key: key)
        case ("GET", .jobEvents(let id)): return try jobEvents(id, r, key: key)
        case ("POST", .templates): return try createTemplate(r, key: key)
        case ("GET", .templates): return try listTemplates(r, key: key)
        case ("GET", .template(let id)): return try getTemplate(id, key: key)
        case ("DELETE", .template(let id)): return try deleteTemplate(id, key: key)
        default: throw ProblemError(.notFound("no resource at \(r.head.path)"))
        }
    }

    /// The key id of the caller ("" when the server has no keys), or a 401 naming what is wrong.
    func caller(_ r: HTTPRequest, _ route: Route) throws -> String {
        guard route.needsKey, !keys.isEmpty else { return "" }
        switch keys.check(r.head.headers["Authorization"]) {
        case .key(let id): return id
        case .missing:
            throw ProblemError(.unauthorized("send an API key as Authorization: Bearer KEY", challenge: #"Bearer realm="reel""#))
        case .wrong:
            throw ProblemError(.unauthorized("the API key is not valid",
                                             challenge: #"Bearer realm="reel", error="invalid_token""#))
        }
    }

    /// Whether a request's body is JSON (its `Content-Type`).
    static func isJSON(_ head: HTTPRequestHead) -> Bool {
        (head.headers["Content-Type"] ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } == "application/json"
    }

    /// A resolver whose `upload:ID` sources are the caller's own assets only.
    func resolver(for key: String) -> SourceResolver {
        var r = resolver
        let store = store
        let uploads = uploads
        r.uploads = { id in try APIHandler.readyCopy(try? store.asset(id, keyID: key), id: id, uploads: uploads) }
        return r
    }

    /// The JSON body of a request that must be JSON, or a 415/422.
    func jsonBody(_ r: HTTPRequest) throws -> [UInt8] {
        let type = (r.head.headers["Content-Type"] ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard type == "application/json" else {
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

extension APIHandler {
    /// The local copy of an asset that may be a source: only a `ready` one (nil: no such asset).
    public static func readyCopy(_ asset: Asset?, id: String, uploads: any UploadStore) throws -> String? {
        guard let asset else { return nil }
        guard asset.status == .ready else {
            throw SourceResolver.Refusal(src: "upload:\(id)", reason: asset.status == .failed
                ? "names an asset that failed (\(asset.error ?? "")); upload it again"
                : "names an asset that is still \(asset.status.rawValue); wait until it is ready")
        }
        return try? uploads.localCopy(asset.path, id: asset.id)
    }
}
