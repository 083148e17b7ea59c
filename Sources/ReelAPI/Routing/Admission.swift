import Foundation
import ReelHTTP
import ReelSpec
import ReelStore

/// What the one admission step decides about a request from its head: the route table's row and
/// the caller, or the problem it is answered with, or a CORS preflight (`admit`); then, by whoever
/// answers it, its rate limit (`charge`). The body policy, the event loop's inline answers and the
/// pool's handling all ask it, so a request is matched, authorised, limited and refused in one
/// place, the same way whichever path it takes.
enum Admission {
    case admitted(Admitted)
    /// `OPTIONS` on a resource: answered with its `Allow` (and CORS headers for an allowed origin);
    /// a 404 when its id could never have been issued.
    case preflight(RouteTable.Resource, values: [String])
    /// The problem it is answered with, and the route's name where the path matched one.
    case refused(Problem, route: String?)

    /// The route's name in metrics, nil when the path matched none.
    var routeName: String? {
        switch self {
        case .admitted(let a): return a.row.name
        case .preflight(let resource, _): return resource.name
        case .refused(_, let route): return route
        }
    }

    struct Admitted {
        let row: RouteRow
        let values: [String]
        /// The caller's project, which owns what it makes and sees: "" without keys, on an open
        /// route, or for a signed link.
        let project: String
        /// The caller's key (nil as above).
        let key: StoredKey?
        /// An output fetched through a signed link, whose signature the handler checks.
        let viaLink: Bool
    }
}

/// How far `APIHandler.admit` may go to check a key.
enum KeyCheck {
    /// A pool thread: the store is asked, waiting if it must.
    case store
    /// The event loop answering inline: only a read that does not wait; a request it cannot
    /// decide goes to the pool.
    case withoutWaiting
    /// The event loop choosing the body policy: as `withoutWaiting`, then what the pool found
    /// lately; a token neither can tell about has its body read and is decided on the pool.
    case forBody
}

extension APIHandler {
    /// Matches the head against `RouteTable` and decides who may call it, in this order: an
    /// unknown path (404), a preflight (no key: browsers send none), a method the path does not
    /// answer (405 + `Allow`), an output's malformed `expires` (422), a signed output link (no key),
    /// then the key the row's scope asks for (401), and its scope (a `read` key on a route that
    /// changes things: 403 `read-only-key`). The rate limit is admission's second step, `charge`,
    /// taken once by whoever answers (the pool's `route`, the event loop's inline answer), not
    /// here: the body policy asks `admit` too. Nil: `check` could not tell (only on the event loop).
    func admit(_ head: HTTPRequestHead, _ check: KeyCheck) -> Admission? {
        guard let (resource, values) = RouteTable.match(head.path) else { return .refused(.notFound("no resource at \(head.path)"), route: nil) }
        if head.method == "OPTIONS" { return .preflight(resource, values: values) }
        guard let row = resource.row(head.method) else {
            var p = Problem(status: 405, type: "method-not-allowed", title: "Method not allowed",
                            detail: "\(head.method) is not allowed on \(head.path)")
            p.headers = [("Allow", resource.allow)]
            return .refused(p, route: resource.name)
        }
        if row.servesLinks {
            if let problem = APIHandler.linkQueryProblem(head) {
                return .refused(.validation([problem], detail: "the query parameters are not valid"), route: row.name)
            }
            if head.queryValue("signature") != nil { return .admitted(.init(row: row, values: values, project: "", key: nil, viaLink: true)) }
        }
        guard row.scope != .open, !keys.isEmpty else { return .admitted(.init(row: row, values: values, project: "", key: nil, viaLink: false)) }
        let authorization = head.headers["Authorization"]
        let verdict: KeyRing.Verdict
        switch check {
        case .store:
            do { verdict = try keys.check(authorization, store: store) } catch {
                logger.warning("key lookup failed", metadata: ["requestId": "\(head.requestID)", "error": "\(error)"])
                return .refused(Problem.storage(error) ?? .internalError("the API key could not be checked; see the server log for request \(head.requestID)"),
                                route: row.name)
            }
        case .withoutWaiting: verdict = keys.checkWithoutWaiting(authorization, reader: store.jobsWithoutWaiting)
        case .forBody: verdict = keys.bodyVerdict(authorization, reader: store.jobsWithoutWaiting, now: MonotonicClock.now())
        }
        switch verdict {
        case .key(let key):
            guard row.scope == .read || key.scope == .full else {
                return .refused(Problem(status: 403, type: "read-only-key", title: "Read-only key",
                                        detail: "this key may only read (GET, HEAD and the judging POSTs: validate, probe, waveform, preview); \(head.method) \(head.path) needs a full key of the project"),
                                route: row.name)
            }
            return .admitted(.init(row: row, values: values, project: key.project, key: key, viaLink: false))
        case .missing:
            return .refused(.unauthorized("send an API key as Authorization: Bearer KEY", challenge: #"Bearer realm="reel""#), route: row.name)
        case .wrong:
            return .refused(.unauthorized("the API key is not valid", challenge: #"Bearer realm="reel", error="invalid_token""#),
                            route: row.name)
        case .unknown:
            return nil
        }
    }

    /// Admission's second step, taken once by whoever answers the request: a token from its
    /// caller's bucket (`limits.requestsPerMinute`, by key, or by client address without keys).
    /// Nil where nothing is limited: no limit configured, a row not `limited` (health, readiness,
    /// metrics: monitors poll them), a signed link. A decision not `allowed` is answered 429.
    func charge(_ a: Admission.Admitted, _ head: HTTPRequestHead) -> RateLimiter.Decision? {
        guard let limiter, a.row.limited, !a.viaLink else { return nil }
        return limiter.take(RateLimiter.caller(key: a.key?.id ?? "", client: head.clientAddress), now: MonotonicClock.now())
    }

    /// How the admitted request's body is received; a refused one's is never read. A request
    /// whose key the event loop cannot check (`admit` nil) has its body read by its row's rule:
    /// the pool thread checks the key before anything reads the body.
    func bodyPolicy(_ head: HTTPRequestHead) -> BodyPolicy {
        let row: RouteRow, values: [String]
        switch admit(head, .forBody) {
        case .admitted(let a)?: (row, values) = (a.row, a.values)
        case .preflight?: return .none
        case .refused?: return .unread
        case nil:
            guard let (resource, v) = RouteTable.match(head.path), let r = resource.row(head.method) else { return .unread }
            (row, values) = (r, v)
        }
        switch row.body {
        case .none: return .none
        case .json: return .buffer(maxBytes: config.jsonBodyBytes)
        case .batch: return .buffer(maxBytes: config.batchBodyBytes)
        case .upload where APIHandler.isJSON(head): return .buffer(maxBytes: config.jsonBodyBytes)  // an import: {"url": …}
        case .upload: return .file(directory: locations.uploadsTemp, maxBytes: config.uploadBytes)
        case .signedUpload:
            // A body is taken only with a signature that holds; otherwise the answer is a 403 from the head.
            guard (try? links.checkUpload(assetID: values[0], expires: head.queryValue("expires"), signature: head.queryValue("signature"),
                                          now: Int64(Date().timeIntervalSince1970 * 1000))) != nil else { return .unread }
            return .file(directory: locations.uploadsTemp, maxBytes: config.uploadBytes)
        }
    }
}
