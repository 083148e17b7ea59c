import ReelHTTP

/// Cross-origin access for browser clients (the Fetch standard's CORS), off unless `corsOrigins`
/// lists origins (`https://app.example.com`, exact) or `*`. Keys travel in `Authorization`, never
/// in cookies, so credentials mode is not needed and `*` is safe to offer.
struct CORSPolicy: Sendable {
    let origins: [String]

    /// Request headers a browser may send: every one the server reads (`X-Request-Id` and
    /// `traceparent` carry the caller's own request and trace ids into the logs).
    static let allowedHeaders = "Authorization, Content-Type, Idempotency-Key, Range, If-Range, If-None-Match, X-Filename, X-Request-Id, traceparent"
    /// Response headers a browser's script may read besides the CORS-safelisted ones: every one the
    /// server sets that a client acts on.
    static let exposedHeaders = "Location, ETag, Last-Modified, Retry-After, Content-Range, Content-Disposition, Accept-Ranges, X-Request-Id, "
        + "WWW-Authenticate, RateLimit, RateLimit-Policy"

    /// The `Access-Control-Allow-Origin` value for a request from `origin`, nil when not allowed.
    func allowOrigin(_ origin: String?) -> String? {
        guard let origin, !origins.isEmpty else { return nil }
        if origins.contains("*") { return "*" }
        return origins.contains(origin) ? origin : nil
    }

    /// The answer to `OPTIONS` on a resource whose `Allow` is `allow`: that always; for an allowed
    /// origin, the preflight's `Access-Control-Allow-*` headers.
    func preflight(allow methods: String, _ head: HTTPRequestHead) -> HTTPResponse {
        var h = HTTPHeaders()
        h.set("Allow", methods)
        if let allow = allowOrigin(head.headers["Origin"]) {
            h.set("Access-Control-Allow-Origin", allow)
            h.set("Access-Control-Allow-Methods", methods)
            h.set("Access-Control-Allow-Headers", Self.allowedHeaders)
            h.set("Access-Control-Max-Age", "600")
        }
        if !origins.isEmpty { h.set("Vary", "Origin") }
        return HTTPResponse(status: 204, headers: h, body: .empty)
    }

    /// Adds the headers an actual (non-preflight) response needs for an allowed origin.
    func decorate(_ response: inout HTTPResponse, for head: HTTPRequestHead?) {
        guard !origins.isEmpty else { return }
        response.headers.set("Vary", "Origin")
        guard let allow = allowOrigin(head?.headers["Origin"]) else { return }
        response.headers.set("Access-Control-Allow-Origin", allow)
        if head?.method != "OPTIONS" { response.headers.set("Access-Control-Expose-Headers", Self.exposedHeaders) }
    }
}
