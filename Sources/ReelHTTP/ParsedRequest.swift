/// How a request's body is delimited (RFC 9112 §6.3).
enum BodyFraming: Equatable {
    /// No Content-Length or Transfer-Encoding: the request has no body.
    case none
    case length(Int64)
    case chunked
}

/// A parsed request head plus what the connection needs to read its body and decide persistence.
struct ParsedRequest {
    var head: HTTPRequestHead
    let framing: BodyFraming
    /// Whether the connection may carry another request after this one.
    let keepAlive: Bool
    /// `Expect: 100-continue` on an HTTP/1.1 request.
    let expectsContinue: Bool

    var isHead: Bool { head.method == "HEAD" }
    var isHTTP10: Bool { head.version == "HTTP/1.0" }
}
