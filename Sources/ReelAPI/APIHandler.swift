import Foundation
import Logging
import ReelEngine
import ReelHTTP
import ReelQueue
import ReelSpec

/// The REST API v1 of PRODUCT.md §2 on top of the HTTP server: routes requests, chooses how each
/// body is received (JSON in memory with a 1 MiB cap, uploads streamed to disk), and turns every
/// failure into problem+json.
public final class APIHandler: HTTPHandler, @unchecked Sendable {
    let config: ServerConfiguration
    let store: JobStore
    let pool: WorkerPool
    let resolver: SourceResolver
    let paths: DataPaths
    let logger: Logger
    let requests = RequestCounter()

    init(config: ServerConfiguration, store: JobStore, pool: WorkerPool, resolver: SourceResolver, paths: DataPaths, logger: Logger) {
        self.config = config
        self.store = store
        self.pool = pool
        self.resolver = resolver
        self.paths = paths
        self.logger = logger
    }

    public func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy {
        switch (head.method, head.path) {
        case ("POST", "/v1/jobs"), ("POST", "/v1/probe"): return .buffer(maxBytes: config.jsonBodyBytes)
        case ("POST", "/v1/assets"): return .file(directory: paths.uploadsTemp, maxBytes: config.uploadBytes)
        default: return .none
        }
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try route(request)
        } catch let p as ProblemError {
            response = p.problem.response
        } catch {
            logger.error("request failed", metadata: ["requestId": "\(request.head.requestID)", "error": "\(error)"])
            response = Problem.internalError("the request could not be completed; see the server log for request \(request.head.requestID)").response
        }
        requests.count(method: request.head.method, status: response.status)
        return response
    }

    public func reject(_ head: HTTPRequestHead?, status: Int, reason: String) -> HTTPResponse {
        requests.count(method: head?.method ?? "UNKNOWN", status: status)
        return Problem.transport(status, reason).response
    }

    func route(_ r: HTTPRequest) throws -> HTTPResponse {
        let seg = r.head.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let method = r.head.method == "HEAD" ? "GET" : r.head.method
        if seg == ["healthz"] && method == "GET" { return JSONValue.object([("status", .string("ok"))]).response(200) }
        if seg == ["metrics"] && method == "GET" { return try metrics() }
        if seg.count >= 2 && seg[0] == "v1" {
            let leaf = seg.count == 4 ? seg[3] : ""
            switch (method, seg[1], seg.count, leaf) {
            case ("POST", "jobs", 2, _): return try submitJob(r)
            case ("GET", "jobs", 2, _): return try listJobs(r)
            case ("GET", "jobs", 3, _): return try getJob(seg[2])
            case ("POST", "jobs", 4, "cancel"): return try cancelJob(seg[2])
            case ("GET", "jobs", 4, "output"): return try output(seg[2], r)
            case ("GET", "jobs", 4, "thumbnail"): return try thumbnail(seg[2], r)
            case ("POST", "assets", 2, _): return try upload(r)
            case ("GET", "assets", 3, _): return try getAsset(seg[2])
            case ("POST", "probe", 2, _): return try probe(r)
            default: break
            }
        }
        let known = ["/healthz", "/metrics", "/v1/jobs", "/v1/assets", "/v1/probe"]
        if known.contains(where: { r.head.path == $0 || r.head.path.hasPrefix($0 + "/") }) {
            var p = Problem(status: 405, type: "method-not-allowed", title: "Method not allowed",
                            detail: "\(r.head.method) is not allowed on \(r.head.path)")
            p.headers = [("Allow", "GET, HEAD, POST")]
            throw ProblemError(p)
        }
        throw ProblemError(.notFound("no resource at \(r.head.path)"))
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

/// Where the server keeps its files under the data directory.
struct DataPaths: Sendable {
    let root: String
    var database: String { root + "/reel.db" }
    var outputs: String { root + "/outputs" }
    var assets: String { root + "/assets" }
    var uploadsTemp: String { root + "/tmp" }

    func create() throws {
        for d in [root, outputs, assets, uploadsTemp] {
            try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        }
    }
}
