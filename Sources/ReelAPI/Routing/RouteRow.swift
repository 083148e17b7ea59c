import ReelHTTP
import ReelStore

/// Who may call a route: with keys configured, `read` and `write` both need a valid key, and
/// `write` a `full` one (a `read` key gets 403 `read-only-key`).
enum RouteScope: Sendable {
    /// Anyone: liveness, readiness, the console's files, and a direct upload's PUT (whose URL's
    /// signature is checked instead of a key).
    case open
    /// A key: reads (GET and HEAD), and the POSTs that judge or draw without changing anything
    /// (validate, probe, waveform, preview): a read key may judge specs.
    case read
    /// A key that may change things.
    case write
}

/// How a route's request body is received, decided from the head before a byte of it is read.
enum BodyRule: Sendable {
    /// None is read.
    case none
    /// JSON in memory, up to `limits.jsonBodyBytes`.
    case json
    /// A batch's JSON, up to `limits.batchBodyBytes`.
    case batch
    /// A file streamed to disk up to `uploadBytes`; a JSON body (an import by URL) in memory.
    case upload
    /// A file streamed to disk, only when the URL's upload signature holds (else a 403 unread).
    case signedUpload
}

/// What a handler is called with: the request, the path's variable segments in order, and the
/// caller's project ("" without keys, or for an open route or a signed link) and key.
struct RouteCall {
    let request: HTTPRequest
    let values: [String]
    /// The project that owns what the caller makes and sees.
    let project: String
    let key: StoredKey?

    /// The first variable segment (the resource's id).
    var id: String { values[0] }
}

/// One row of the API's route table (`RouteTable`): everything decided about a request from its
/// method and path, in one place.
struct RouteRow: Sendable {
    /// GET (which answers HEAD too), POST, PUT or DELETE.
    let method: String
    let pattern: RoutePattern
    /// The route's name in metrics, without its ids; the same for every method of a path.
    let name: String
    let scope: RouteScope
    let body: BodyRule
    /// An output's GET, which a signed link (`signature` in the query) may make without a key.
    let servesLinks: Bool
    /// Counted against the caller's requests per minute (every keyed route but metrics).
    let limited: Bool
    let handler: @Sendable (APIHandler, RouteCall) throws -> HTTPResponse
    /// Answered on the event loop without the hand-off to a pool thread, when it can be (nil:
    /// hand it to the pool).
    let inline: (@Sendable (APIHandler, HTTPRequestHead, Admission.Admitted) -> HTTPResponse?)?

    init(_ method: String, _ pattern: String, _ name: String, _ scope: RouteScope, body: BodyRule = .none, servesLinks: Bool = false,
         limited: Bool? = nil, inline: (@Sendable (APIHandler, HTTPRequestHead, Admission.Admitted) -> HTTPResponse?)? = nil,
         _ handler: @escaping @Sendable (APIHandler, RouteCall) throws -> HTTPResponse) {
        self.method = method
        self.pattern = RoutePattern(pattern)
        self.name = name
        self.scope = scope
        self.body = body
        self.servesLinks = servesLinks
        self.limited = limited ?? (scope != .open)
        self.handler = handler
        self.inline = inline
    }
}
