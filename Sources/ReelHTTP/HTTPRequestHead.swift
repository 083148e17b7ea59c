/// The request line and header fields of one request, already validated and decoded, so handlers
/// never see raw protocol bytes.
public struct HTTPRequestHead: Sendable {
    public let method: String
    /// The request target exactly as sent (still percent-encoded, with the query).
    public let target: String
    /// The percent-decoded path without the query (`/v1/jobs/a b` for `/v1/jobs/a%20b?x=1`).
    public let path: String
    /// Decoded query parameters in order (`+` is a space); repeated names are kept.
    public let query: [(name: String, value: String)]
    /// `"HTTP/1.1"` or `"HTTP/1.0"`; other versions are refused with 505 before a handler runs.
    public let version: String
    public let headers: HTTPHeaders
    /// The peer as `ip:port` (`[ip]:port` for IPv6).
    public let remoteAddress: String
    /// The client's IP, for logs and rate limits: the peer's, or, when the peer is one of
    /// `trustedProxies`, the one its `X-Forwarded-For` names (`ProxyTrust`).
    public internal(set) var clientAddress: String
    /// A new random id for this request, sent back as `X-Request-Id` and written to the log, so a
    /// client report can be matched with the server's log line.
    public let requestID: String
    /// When the server had the whole head (`MonotonicClock` nanoseconds; 0 for a head built by
    /// hand), so a handler can time a request from its arrival, its wait for a thread included.
    public var receivedAt: UInt64 = 0

    public init(method: String, target: String, path: String, query: [(name: String, value: String)] = [],
                version: String = "HTTP/1.1", headers: HTTPHeaders = HTTPHeaders(),
                remoteAddress: String = "", clientAddress: String? = nil, requestID: String = RequestID.make()) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.remoteAddress = remoteAddress
        self.clientAddress = clientAddress ?? ProxyTrust.ip(ofPeer: remoteAddress)
        self.requestID = requestID
    }

    /// The first value of query parameter `name`, or nil when it is absent.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
