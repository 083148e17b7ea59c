/// The application behind an `HTTPServer`. One instance serves every connection, so it must be
/// thread-safe: `handle` runs on the handler pool, the other two on the event-loop thread.
public protocol HTTPHandler: AnyObject, Sendable {
    /// How to receive the body of the request with this head. Called on the event-loop thread before
    /// any body byte is read (and before `100 Continue` is sent), so it must be quick and not block.
    func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy

    /// Answers one complete request. Runs on a pool thread and may block (disk, database, probing);
    /// at most `handlerThreads` requests run at once.
    func handle(_ request: HTTPRequest) -> HTTPResponse

    /// The answer to a request without a body when the handler can give it at once, on the
    /// event-loop thread, without the round trip through the pool; nil hands the request to
    /// `handle` as usual. It must never block or wait: every connection waits while it runs.
    func respondInline(to head: HTTPRequestHead) -> HTTPResponse?

    /// The response for an error the server detected itself (400, 408, 413, 414, 417, 431, 500, 501,
    /// 505): `head` is nil when the request head could not be parsed; `requestID` is the id the
    /// response carries in `X-Request-Id`. Called on the event-loop thread, so it must be quick.
    /// The server keeps `status` and closes the connection afterwards. This lets the API answer
    /// every error in one format (problem+json).
    func reject(_ head: HTTPRequestHead?, requestID: String, status: Int, reason: String) -> HTTPResponse
}

extension HTTPHandler {
    /// Default: every request goes to the pool.
    public func respondInline(to head: HTTPRequestHead) -> HTTPResponse? { nil }

    /// Default: a plain-text body naming the reason.
    public func reject(_ head: HTTPRequestHead?, requestID: String, status: Int, reason: String) -> HTTPResponse {
        HTTPResponse.text(status, "\(status) \(HTTPStatus.reasonPhrase(status)): \(reason)\n")
    }
}
