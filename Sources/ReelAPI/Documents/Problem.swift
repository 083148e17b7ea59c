import Foundation
import ReelEngine
import ReelHTTP
import ReelStore
import ReelStorage
import ReelSpec

/// RFC 9457 problem details: every API error is `application/problem+json` with a stable `type`.
struct Problem {
    let status: Int
    let type: String
    let title: String
    let detail: String
    var errors: [SpecProblem] = []
    var headers: [(String, String)] = []

    /// The problem document; `instance` (RFC 9457) is the request id, as sent in `X-Request-Id`
    /// and written to the log, so a client's report finds the server's log line.
    func response(requestID: String?) -> HTTPResponse {
        var members: [(key: String, value: JSONValue)] = [
            ("type", .string("urn:reel:problem:\(type)")), ("title", .string(title)),
            ("status", .number(String(status))), ("detail", .string(detail)),
        ]
        if let requestID { members.append(("instance", .string(requestID))) }
        if !errors.isEmpty {
            members.append(("errors", .array(errors.map {
                .object([("pointer", .string($0.pointer)), ("message", .string($0.message))])
            })))
        }
        var h = HTTPHeaders()
        h.set("Content-Type", "application/problem+json")
        for (k, v) in headers { h.set(k, v) }
        return HTTPResponse(status: status, headers: h, body: .bytes(Array(JSONValue.object(members).serialized.utf8)))
    }

    /// Over `limits.requestsPerMinute`: when to try again, and the quota's fields.
    static func tooManyRequests(_ quota: RateLimiter.Decision) -> Problem {
        var p = Problem(status: 429, type: "too-many-requests", title: "Too many requests",
                        detail: "over \(quota.limit) requests a minute for this key; try again in \(quota.retryAfter) s")
        p.headers = [("Retry-After", String(quota.retryAfter))] + quota.headers
        return p
    }

    /// Over `limits.queuedJobsPerKey`: nothing queued; `retryAfter` from the key's drain rate.
    static func tooManyJobs(queued: Int, retryAfter: Int) -> Problem {
        var p = Problem(status: 429, type: "too-many-jobs", title: "Too many jobs",
                        detail: "this key has \(queued) jobs queued, and this would take it past the server's limit "
                            + "(limits.queuedJobsPerKey); at the rate its jobs have been ending, there is room in about \(retryAfter) s")
        p.headers = [("Retry-After", String(retryAfter))]
        return p
    }

    static func validation(_ problems: [SpecProblem], detail: String? = nil) -> Problem {
        Problem(status: 422, type: "validation", title: "The request is not valid",
                detail: detail ?? "\(problems.count) problem\(problems.count == 1 ? "" : "s") found; see errors", errors: problems)
    }

    /// A source that could not be reached for a passing reason (a timeout, a server's 5xx): the
    /// spec may be fine, so this is not a 422; the client may try again.
    static func sourceUnavailable(_ error: RenderError) -> Problem {
        // The cause stays in the log: it may name a server path.
        var detail = "a source could not be read for now; try again later"
        if case let .source(pointer, _, _) = error { detail = "\(pointer): the source could not be read for now; try again later" }
        return Problem(status: 503, type: "source-unavailable", title: "A source is unavailable", detail: detail,
                       headers: [("Retry-After", "30")])
    }

    /// A failure of the job store, the disk or the bucket as a client should see it: 507 when the
    /// disk (or the database) is full; 503 with `Retry-After` when the database is locked by another
    /// writer or cannot be written (read-only), or the bucket is out (`StorageOutage`); nil for
    /// anything else (a 500).
    static func storage(_ error: Error) -> Problem? {
        if StorageOutage.isOutage(error) { return storageUnavailable() }
        if let e = error as? StoreFailure {
            if e.isFull { return insufficientStorage() }
            if e.isBusy {
                return Problem(status: 503, type: "store-busy", title: "The job store is busy",
                               detail: "the job store is locked by another writer; try again shortly", headers: [("Retry-After", "2")])
            }
            if e.isUnavailable {
                return Problem(status: 503, type: "store-unavailable", title: "The job store is unreachable",
                               detail: "the job store cannot be reached for now; try again shortly", headers: [("Retry-After", "5")])
            }
            if e.isReadOnly {
                return Problem(status: 503, type: "store-read-only", title: "The job store cannot be written",
                               detail: "the job store is read-only on this server for now; try again later", headers: [("Retry-After", "30")])
            }
            return nil
        }
        return isOutOfSpace(error as NSError) ? insufficientStorage() : nil
    }

    /// The bucket where uploads and outputs live does not answer, or is gone.
    static func storageUnavailable() -> Problem {
        Problem(status: 503, type: "storage-unavailable", title: "The storage is unavailable",
                detail: "the storage of uploads and outputs cannot be reached for now; nothing was stored; try again shortly",
                headers: [("Retry-After", "10")])
    }

    static func insufficientStorage() -> Problem {
        Problem(status: 507, type: "insufficient-storage", title: "Insufficient storage",
                detail: "the server's disk is full; nothing was stored")
    }

    /// ENOSPC or EDQUOT, directly or as the underlying error of a Foundation file error.
    private static func isOutOfSpace(_ e: NSError) -> Bool {
        if e.domain == NSPOSIXErrorDomain && (e.code == Int(ENOSPC) || e.code == Int(EDQUOT)) { return true }
        if e.domain == NSCocoaErrorDomain && e.code == CocoaError.fileWriteOutOfSpace.rawValue { return true }
        if let underlying = e.userInfo[NSUnderlyingErrorKey] as? NSError { return isOutOfSpace(underlying) }
        return false
    }

    /// 401 with the `WWW-Authenticate` challenge (RFC 6750 §3).
    static func unauthorized(_ detail: String, challenge: String) -> Problem {
        var p = Problem(status: 401, type: "unauthorized", title: "Authentication required", detail: detail)
        p.headers = [("WWW-Authenticate", challenge)]
        return p
    }

    static func notFound(_ what: String) -> Problem {
        Problem(status: 404, type: "not-found", title: "Not found", detail: what)
    }

    /// A signed link (an output link, an upload URL) refused: 403 `link-expired` or `link-invalid`.
    static func linkRefused(_ refusal: LinkSigner.Refusal, expired: String, invalid: String) -> Problem {
        refusal == .expired ? Problem(status: 403, type: "link-expired", title: "Link expired", detail: expired)
            : Problem(status: 403, type: "link-invalid", title: "Link not valid", detail: invalid)
    }

    static func conflict(_ type: String, _ detail: String) -> Problem {
        Problem(status: 409, type: type, title: "Conflict with the resource's state", detail: detail)
    }

    /// A failure of the server itself; the detail names what failed but no internals.
    static func internalError(_ detail: String) -> Problem {
        Problem(status: 500, type: "internal", title: "Internal error", detail: detail)
    }

    /// Statuses the HTTP layer produces itself (400, 408, 413, 414, 431, 505…). A full disk while
    /// a body is written (507) is the same problem as anywhere else: `insufficient-storage`.
    static func transport(_ status: Int, _ reason: String) -> Problem {
        if status == 507 { return insufficientStorage() }
        let titles = [400: "Bad request", 401: "Authentication required", 408: "Request timeout", 411: "Length required", 413: "Content too large",
                      414: "URI too long", 415: "Unsupported media type", 431: "Request header fields too large",
                      501: "Not implemented", 503: "Service unavailable", 505: "HTTP version not supported"]
        return Problem(status: status, type: "http-\(status)", title: titles[status] ?? "Error", detail: reason)
    }
}

extension JSONValue {
    /// A JSON response.
    func response(_ status: Int, headers: [(String, String)] = []) -> HTTPResponse {
        var h = HTTPHeaders()
        h.set("Content-Type", "application/json")
        for (k, v) in headers { h.set(k, v) }
        return HTTPResponse(status: status, headers: h, body: .bytes(Array(serialized.utf8)))
    }
}
