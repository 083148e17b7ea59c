/// What the log line of the request being served needs, kept from its start to its last byte.
struct RequestRecord {
    let requestID: String
    let method: String
    let path: String
    let started: UInt64
    /// Set when the server refused the request itself (logged as `error`).
    var rejection: String?
}
