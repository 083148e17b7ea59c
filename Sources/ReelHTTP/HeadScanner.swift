/// Finds where a request head ends in the bytes received so far, and enforces the request-line
/// (414) and header-section (431) limits *before* the head is complete, so a client can never make
/// the server buffer more than the limits. Scanning resumes where it stopped, so a head arriving
/// byte by byte costs linear time.
struct HeadScanner {
    enum Result: Equatable {
        case incomplete
        /// The head (request line, fields and the empty line) is the first `length` bytes.
        case complete(length: Int)
        case failed(RequestError)
    }

    let requestLineLimit: Int
    let headerLimit: Int
    private var requestLineEnd: Int?
    private var resume = 0

    init(requestLineLimit: Int, headerLimit: Int) {
        self.requestLineLimit = requestLineLimit
        self.headerLimit = headerLimit
    }

    /// Forgets progress, for the next request on the connection.
    mutating func reset() {
        requestLineEnd = nil
        resume = 0
    }

    /// `bytes` must start at the request line (leading empty lines already dropped) and only grow
    /// between calls until `reset()`.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
        let n = bytes.count
        if requestLineEnd == nil {
            var i = resume
            while i < n && bytes[i] != ASCII.lf { i += 1 }
            guard i < n else {
                resume = n
                return n > requestLineLimit + 1 ? .failed(Self.lineTooLong(requestLineLimit)) : .incomplete
            }
            let length = i > 0 && bytes[i - 1] == ASCII.cr ? i - 1 : i
            if length > requestLineLimit { return .failed(Self.lineTooLong(requestLineLimit)) }
            requestLineEnd = i
            resume = i
        }
        let lineEnd = requestLineEnd ?? 0
        var i = resume
        while i < n {
            if bytes[i] == ASCII.lf {
                guard i + 1 < n else { break }
                if bytes[i + 1] == ASCII.lf { return finish(end: i + 2, lineEnd: lineEnd) }
                if bytes[i + 1] == ASCII.cr {
                    guard i + 2 < n else { break }
                    if bytes[i + 2] == ASCII.lf { return finish(end: i + 3, lineEnd: lineEnd) }
                }
            }
            i += 1
        }
        resume = i
        if n - (lineEnd + 1) > headerLimit { return .failed(Self.fieldsTooLarge(headerLimit)) }
        return .incomplete
    }

    private func finish(end: Int, lineEnd: Int) -> Result {
        end - (lineEnd + 1) > headerLimit ? .failed(Self.fieldsTooLarge(headerLimit)) : .complete(length: end)
    }

    private static func lineTooLong(_ limit: Int) -> RequestError {
        RequestError(414, "the request line is longer than \(limit) bytes")
    }

    private static func fieldsTooLarge(_ limit: Int) -> RequestError {
        RequestError(431, "the header fields are larger than \(limit) bytes")
    }
}
