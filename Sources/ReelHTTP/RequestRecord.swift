/// What the log line of the request being served needs, kept from its start to its last byte.
struct RequestRecord {
    let requestID: String
    let method: String
    let path: String
    /// The client's IP (`HTTPRequestHead.clientAddress`).
    let client: String
    let started: UInt64
    /// A valid W3C `traceparent` the request carried: echoed on the response, its trace id logged.
    var traceparent: String?
    /// Set when the server refused the request itself (logged as `error`).
    var rejection: String?
}
