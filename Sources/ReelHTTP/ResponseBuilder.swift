import Glibc

/// Turns a handler's `HTTPResponse` into an `OutgoingResponse`: status line, the handler's headers
/// (sanitized), and the headers the server owns (`Content-Length`, `Date`, `X-Request-Id`,
/// `Connection`, and `Transfer-Encoding` for a stream). Opens a file body up front so a missing file
/// becomes a clean 500, not a broken response.
enum ResponseBuilder {
    struct Context {
        let requestID: String
        let date: String
        let keepAlive: Bool
        /// A HEAD request: headers as for GET, no body.
        let isHead: Bool
        /// An HTTP/1.0 client needs `Connection: keep-alive` to keep the connection.
        let isHTTP10: Bool
        /// The request's W3C `traceparent`, echoed unless the handler set its own.
        var traceparent: String? = nil
    }

    /// Headers the server writes itself; a handler's copies are dropped.
    private static let ownedHeaders = ["content-length", "transfer-encoding", "connection", "keep-alive", "x-request-id", "date"]
    private static let dateName = Array("Date: ".utf8)
    private static let requestIDName = Array("\r\nX-Request-Id: ".utf8)
    private static let lengthName = Array("Content-Length: ".utf8)

    static func build(_ response: HTTPResponse, _ context: Context) throws -> OutgoingResponse {
        let status = (200...599).contains(response.status) ? response.status : 500
        let bodyForbidden = status == 204 || status == 304
        let sendsBody = !bodyForbidden && !context.isHead

        var file: FileDescriptor?
        var fileOffset: Int64 = 0
        var bytes: [UInt8] = []
        var length: Int64 = 0
        var stream: ResponseStream?
        var growing: GrowingFile?
        switch response.body {
        case .empty:
            break
        case .bytes(let body):
            length = Int64(body.count)
            if sendsBody { bytes = body }
        case let .file(path, offset, fileLength):
            guard offset >= 0, fileLength >= 0, offset <= Int64.max - fileLength else {
                throw RequestError(500, "the response file range \(offset)+\(fileLength) is invalid")
            }
            length = fileLength
            fileOffset = offset
            if sendsBody && fileLength > 0 { file = try open(path, needing: offset + fileLength) }
        case let .growingFile(body, offset, fileLength):
            guard offset >= 0, fileLength >= 0, offset <= Int64.max - fileLength else {
                throw RequestError(500, "the response file range \(offset)+\(fileLength) is invalid")
            }
            length = fileLength
            fileOffset = offset
            if sendsBody && fileLength > 0 {
                guard let descriptor = body.descriptor else { throw RequestError(500, "the growing response file was never opened") }
                file = descriptor
                growing = body
            }
        case .stream(let body):
            // Without a body to send (HEAD, 204), the stream ends before it began.
            if sendsBody { stream = body } else { body.close() }
        }
        // A stream's end is its last chunk, or for HTTP/1.0 (no chunks) the connection's close.
        let chunked = stream != nil && !context.isHTTP10
        let keepAlive = context.keepAlive && (stream == nil || chunked)

        var head: [UInt8] = []
        head.reserveCapacity(256)
        head += Array("HTTP/1.1 \(status) \(HTTPStatus.reasonPhrase(status))\r\n".utf8)
        let handlerLength = response.headers["Content-Length"]
        for (name, value) in response.headers.all {
            guard ASCII.isToken(name.utf8), !ownedHeaders.contains(where: { HTTPHeaders.sameName($0, name) }) else { continue }
            head += name.utf8
            head += [UInt8(ascii: ":"), ASCII.space]
            for b in value.utf8 { head.append(ASCII.isFieldValueByte(b) ? b : ASCII.space) }
            head += [ASCII.cr, ASCII.lf]
        }
        head += Self.dateName
        head += context.date.utf8
        head += Self.requestIDName
        head += context.requestID.utf8
        head += [ASCII.cr, ASCII.lf]
        if let trace = context.traceparent, !response.headers.contains("traceparent") { head += Array("traceparent: \(trace)\r\n".utf8) }
        if status == 304 {
            if let handlerLength, handlerLength.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                head += Array("Content-Length: \(handlerLength)\r\n".utf8)
            }
        } else if case .stream = response.body, status != 204 {
            if !context.isHTTP10 { head += Array("Transfer-Encoding: chunked\r\n".utf8) }
        } else if status != 204 {
            // A HEAD answer may name the length a GET would have without a body to count.
            let headLength = context.isHead && response.body == .empty ? handlerLength.flatMap { Int64($0) }.map { max(0, $0) } : nil
            head += Self.lengthName
            head += String(headLength ?? length).utf8
            head += [ASCII.cr, ASCII.lf]
        }
        if !keepAlive {
            head += Array("Connection: close\r\n".utf8)
        } else if context.isHTTP10 {
            head += Array("Connection: keep-alive\r\n".utf8)
        }
        head += [ASCII.cr, ASCII.lf]
        return OutgoingResponse(status: status, closeAfter: !keepAlive, head: head, bytes: bytes,
                                file: file, fileOffset: fileOffset, fileLength: sendsBody ? length : 0,
                                stream: stream, chunked: chunked, growing: growing)
    }

    /// Opens a response file and checks it holds at least `needing` bytes.
    private static func open(_ path: String, needing: Int64) throws -> FileDescriptor {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw RequestError(500, "cannot open the response file: \(HTTPServerError.describe(errno: errno))")
        }
        let descriptor = FileDescriptor(fd)
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int64(info.st_size) >= needing else {
            throw RequestError(500, "the response file is not a regular file of at least \(needing) bytes")
        }
        return descriptor
    }
}
