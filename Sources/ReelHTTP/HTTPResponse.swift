/// A final response from a handler. The server writes `Content-Length`, `Date`, `X-Request-Id`
/// and `Connection` itself (a handler's own values for these, and `Transfer-Encoding`, are dropped;
/// a 304 keeps the handler's `Content-Length`), so framing is always consistent with the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: HTTPResponseBody

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: HTTPResponseBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response (`Content-Type: application/json`) with already encoded bytes.
    public static func json(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: .bytes(body))
    }

    /// A plain-text response, for health checks and simple errors.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Array(text.utf8)))
    }
}
