/// Parses a complete request head (RFC 9112 §3 and §5) strictly: anything a lenient parser might
/// read differently from a proxy in front of us (obs-fold, whitespace before a colon, control bytes,
/// bare CR) is a 400, which is what keeps request smuggling out.
enum RequestHeadParser {
    /// `head` is exactly what `HeadScanner` reported complete: request line, fields, empty line.
    /// `clientAddress` is the peer's IP (`ProxyTrust.ip(ofPeer:)` of `remoteAddress`), worked out
    /// once by the connection.
    static func parse(_ head: UnsafeBufferPointer<UInt8>, remoteAddress: String, clientAddress: String? = nil,
                      requestID: String) throws -> ParsedRequest {
        let lines = splitLines(head)
        guard let requestLine = lines.first else { throw RequestError.badRequest("the request is empty") }
        let (method, target, version) = try parseRequestLine(requestLine)
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            if line.isEmpty { break }
            let (name, value) = try parseField(line)
            headers.add(name, value)
        }
        let (path, query) = try RequestTarget.parse(target, method: method)
        let framing = try MessageFraming(headers: headers, version: version)
        var requestHead = HTTPRequestHead(
            method: method, target: String(decoding: target, as: UTF8.self), path: path, query: query,
            version: version, headers: headers, remoteAddress: remoteAddress, clientAddress: clientAddress,
            requestID: RequestID.accepting(headers["X-Request-Id"]) ?? requestID)
        requestHead.receivedAt = MonotonicClock.now()
        return ParsedRequest(head: requestHead, framing: framing.body, keepAlive: framing.keepAlive,
                             expectsContinue: framing.expectsContinue)
    }

    /// Lines without their CRLF (or bare LF). A CR anywhere else stays in the line and is refused
    /// later as a control byte.
    /// Views into `bytes`, not copies: a head is parsed once per request, on the event loop.
    static func splitLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [Slice<UnsafeBufferPointer<UInt8>>] {
        var lines: [Slice<UnsafeBufferPointer<UInt8>>] = []
        lines.reserveCapacity(16)
        var start = 0
        for i in 0..<bytes.count where bytes[i] == ASCII.lf {
            var end = i
            if end > start && bytes[end - 1] == ASCII.cr { end -= 1 }
            lines.append(bytes[start..<end])
            start = i + 1
        }
        return lines
    }

    static func parseRequestLine<Line: RandomAccessCollection<UInt8>>(_ line: Line) throws -> (method: String, target: [UInt8], version: String) {
        let parts = line.split(separator: ASCII.space, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            throw RequestError.badRequest("the request line is not `method target version`")
        }
        guard ASCII.isToken(parts[0]) else { throw RequestError.badRequest("the method is not a token") }
        guard parts[1].allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw RequestError.badRequest("the request target contains a control, space or non-ASCII byte")
        }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: "HTTP/".utf8), version[6] == UInt8(ascii: "."),
              (0x30...0x39).contains(version[5]), (0x30...0x39).contains(version[7]) else {
            throw RequestError.badRequest("the HTTP version is malformed")
        }
        guard version[5] == UInt8(ascii: "1"), version[7] == UInt8(ascii: "1") || version[7] == UInt8(ascii: "0") else {
            let text = String(decoding: version, as: UTF8.self)
            throw RequestError(505, "\(text) is not supported; use HTTP/1.1")
        }
        return (String(decoding: parts[0], as: UTF8.self), Array(parts[1]), version[7] == UInt8(ascii: "1") ? "HTTP/1.1" : "HTTP/1.0")
    }

    static func parseField<Line: RandomAccessCollection<UInt8>>(_ line: Line) throws -> (name: String, value: String) {
        if let first = line.first, ASCII.isWhitespace(first) {
            throw RequestError.badRequest("obsolete line folding (a header line starting with whitespace)")
        }
        guard let colon = line.firstIndex(of: ASCII.colon) else {
            throw RequestError.badRequest("a header line has no colon")
        }
        let name = line[..<colon]
        guard ASCII.isToken(name) else {
            throw RequestError.badRequest("a header name is empty or has a byte that is not a token character")
        }
        let value = ASCII.trimmed(line[line.index(after: colon)...])
        guard value.allSatisfy(ASCII.isFieldValueByte) else {
            throw RequestError.badRequest("the value of \(String(decoding: name, as: UTF8.self)) contains a control byte")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }
}
