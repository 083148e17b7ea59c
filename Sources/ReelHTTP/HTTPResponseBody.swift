/// What follows a response head. Its length is known (the server sends `Content-Length`) except for
/// a stream, which goes out chunked (or, to an HTTP/1.0 client, until the connection closes).
public enum HTTPResponseBody: Sendable, Equatable {
    case empty
    case bytes([UInt8])
    /// `length` bytes of the file at `path` from `offset`, read and sent in 64 KiB pieces by the
    /// event loop (never loaded whole), so rendered videos and range requests cost no memory.
    case file(path: String, offset: Int64, length: Int64)
    /// Pieces the application sends while the response is open (Server-Sent Events).
    case stream(ResponseStream)
    /// `length` bytes from `offset` of a file still being written (`GrowingFile`), sent as they
    /// are written: the length is the file's final one, announced before it is all there.
    case growingFile(GrowingFile, offset: Int64, length: Int64)

    /// The number of body bytes this describes (0 for `.empty`, and for a stream, whose length is
    /// not known).
    public var length: Int64 {
        switch self {
        case .empty: return 0
        case .bytes(let bytes): return Int64(bytes.count)
        case .file(_, _, let length), .growingFile(_, _, let length): return length
        case .stream: return 0
        }
    }
}
