/// What follows a response head. The length is always known, so the server always sends
/// `Content-Length` and never needs chunked responses.
public enum HTTPResponseBody: Sendable, Equatable {
    case empty
    case bytes([UInt8])
    /// `length` bytes of the file at `path` from `offset`, read and sent in 64 KiB pieces by the
    /// event loop (never loaded whole), so rendered videos and range requests cost no memory.
    case file(path: String, offset: Int64, length: Int64)

    /// The number of body bytes this describes (0 for `.empty`).
    public var length: Int64 {
        switch self {
        case .empty: return 0
        case .bytes(let bytes): return Int64(bytes.count)
        case .file(_, _, let length): return length
        }
    }
}
