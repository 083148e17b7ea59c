import CCurl
import Foundation

/// One libcurl easy handle (`CURL*`), cleaned up exactly once in `deinit`, and one HTTP exchange
/// on it: the request's body comes from `body` (read as curl asks), the answer's status and
/// headers are kept, its body goes to `sink`. Used by one thread at a time.
public final class CurlEasy {
    private let handle: UnsafeMutableRawPointer

    /// The answer of one exchange.
    public struct Answer: Sendable {
        public let status: Int
        /// Header names lower-cased; the last value of a repeated name wins.
        public let headers: [String: String]
    }

    /// Where a request's body comes from.
    public enum Body {
        case none
        case bytes([UInt8])
        /// `length` bytes of the file at `path` from `offset`.
        case file(path: String, offset: Int64, length: Int64)
    }

    /// Where an answer's body goes.
    public enum Sink {
        /// Kept in memory, up to `limit` bytes (more is an error: an answer that large is not one
        /// Reel expects in memory).
        case memory(limit: Int)
        /// Written to the file at `path` (created, or truncated in place) when the answer is a 2xx;
        /// another answer's body is the exchange's received bytes (its first 64 KiB), not the file's.
        case file(path: String)
        /// Not wanted; its first 64 KiB are kept all the same, for an error answer's XML.
        case discard
    }

    /// A failure below HTTP: no connection, a timeout, a body that could not be read or written.
    public struct TransportError: Error, CustomStringConvertible, Sendable {
        public let code: Int32
        public let message: String
        public var description: String { "\(message) (curl \(code))" }
        /// The code of a connection `Limits.allowAddress` refused.
        public static let refusedAddress: Int32 = -2

        /// Worth trying again: the network or the server may recover.
        public var isTransient: Bool {
            [CURLE_COULDNT_CONNECT, CURLE_OPERATION_TIMEDOUT, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING,
             CURLE_PARTIAL_FILE, CURLE_COULDNT_RESOLVE_HOST].map { Int32($0.rawValue) }.contains(code)
        }
    }

    private static let globalInit: Void = { _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    public init() throws {
        _ = Self.globalInit
        guard let h = curl_easy_init() else { throw TransportError(code: -1, message: "curl_easy_init failed") }
        handle = h
    }

    deinit { curl_easy_cleanup(handle) }

    /// The state one exchange's callbacks share with it, passed to them as their context pointer.
    private final class Exchange {
        var headers: [String: String] = [:]
        var received: [UInt8] = []
        var limit = 0
        var overflow = false
        /// Past `limit`, drop the rest instead of failing.
        var dropExcess = false
        var output: FileHandle?
        /// The most bytes `output` may take, and how many it has.
        var fileLimit: Int64 = .max
        var cancelled: (@Sendable () -> Bool)?
        var progress: (@Sendable (Int64, Int64) -> Void)?
        var allowAddress: (@Sendable (IPAddress) -> Bool)?
        /// A connection `allowAddress` refused.
        var refusedAddress: IPAddress?
        var written: Int64 = 0
        /// Told `written` after each write to `output` (only a 2xx answer's body goes there).
        var onWritten: (@Sendable (Int64) -> Void)?
        /// The status of the answer being received (from its status line).
        var status = 0
        var outputError: Error?
        /// The body's file, read straight into curl's buffer (`pread`, no copies in between).
        var input: Int32 = -1
        var inputOffset64: Int64 = 0
        var remaining: Int64 = 0
        var inputBytes: [UInt8] = []
        var inputOffset = 0
    }

    /// What else an exchange is held to (for URLs users give: `WebFetch`).
    public struct Limits: Sendable {
        /// `host:port:address[,address]` entries: connect to these addresses, never look the host up.
        public var connectTo: [String] = []
        /// The schemes the URL may use (`http,https`); nil: curl's default.
        public var protocols: String?
        /// The most bytes an answer's body written to a file may have; more fails the exchange.
        public var maxBytes: Int64?
        /// The most seconds the whole exchange may take.
        public var totalSeconds: Int?
        /// Asked as the exchange goes on; true aborts it (`CURLE_ABORTED_BY_CALLBACK`).
        public var cancelled: (@Sendable () -> Bool)?
        /// Asked before every connection curl opens, with the address it is about to reach: false
        /// refuses it (`refusedAddress`), whatever name resolution led there. No proxy is used.
        public var allowAddress: (@Sendable (IPAddress) -> Bool)?
        /// Told the bytes of the answer received so far and the total when known (0 otherwise).
        public var progress: (@Sendable (_ received: Int64, _ total: Int64) -> Void)?
        /// Told, after each write of a successful (2xx) answer's body to a file sink, how many
        /// bytes the file holds: a reader of the file may read that far.
        public var written: (@Sendable (_ bytes: Int64) -> Void)?

        public init(connectTo: [String] = [], protocols: String? = nil, maxBytes: Int64? = nil, totalSeconds: Int? = nil,
                    cancelled: (@Sendable () -> Bool)? = nil, allowAddress: (@Sendable (IPAddress) -> Bool)? = nil,
                    progress: (@Sendable (_ received: Int64, _ total: Int64) -> Void)? = nil,
                    written: (@Sendable (_ bytes: Int64) -> Void)? = nil) {
            self.allowAddress = allowAddress
            self.written = written
            self.progress = progress
            self.connectTo = connectTo
            self.protocols = protocols
            self.maxBytes = maxBytes
            self.totalSeconds = totalSeconds
            self.cancelled = cancelled
        }
    }

    /// Sends `method` to `url` with `headers`, the body from `body`, and returns the answer, its
    /// body delivered to `sink` (and returned when kept in memory). `timeout`: seconds without
    /// progress after which the exchange fails (low speed), so a stalled server cannot hang it.
    /// Redirects are never followed: a caller that wants them checks each hop itself.
    public func perform(method: String, url: String, headers: [(String, String)], body: Body, sink: Sink,
                        connectTimeout: Int = 10, stallSeconds: Int = 30, limits: Limits = Limits()) throws -> (Answer, [UInt8]) {
        curl_easy_reset(handle)
        let exchange = Exchange()
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(list) }
        for (name, value) in headers { list = curl_slist_append(list, "\(name): \(value)") }
        // curl adds `Expect: 100-continue` to large uploads; S3 servers handle it, but it costs a
        // round trip per part: turned off.
        list = curl_slist_append(list, "Expect:")
        // A PUT or POST without a body (a copy inside S3, starting a multipart upload) still says
        // its length: S3 refuses a PUT without one (411 MissingContentLength).
        if case .none = body, method == "PUT" || method == "POST" { list = curl_slist_append(list, "Content-Length: 0") }
        try check(reel_curl_set_string(handle, CURLOPT_URL, url))
        try check(reel_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, method))
        try check(reel_curl_set_slist(handle, CURLOPT_HTTPHEADER, list))
        try check(reel_curl_set_long(handle, CURLOPT_NOSIGNAL, 1))
        // The path goes as given: a signed path (SigV4) must not lose its `.` or `..` segments.
        try check(reel_curl_set_long(handle, CURLOPT_PATH_AS_IS, 1))
        try check(reel_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, connectTimeout))
        try check(reel_curl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1))
        try check(reel_curl_set_long(handle, CURLOPT_LOW_SPEED_TIME, stallSeconds))
        if method == "HEAD" { try check(reel_curl_set_long(handle, CURLOPT_NOBODY, 1)) }
        var pins: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(pins) }
        for entry in limits.connectTo { pins = curl_slist_append(pins, entry) }
        if pins != nil { try check(reel_curl_set_slist(handle, CURLOPT_RESOLVE, pins)) }
        if let p = limits.protocols { try check(reel_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, p)) }
        if let t = limits.totalSeconds { try check(reel_curl_set_long(handle, CURLOPT_TIMEOUT, t)) }
        exchange.fileLimit = limits.maxBytes ?? .max
        if let allow = limits.allowAddress {
            exchange.allowAddress = allow
            // An empty proxy turns off every proxy, the environment's (http_proxy, …) too: the
            // connection must go where the address check says.
            try check(reel_curl_set_string(handle, CURLOPT_PROXY, ""))
            try check(reel_curl_set_opensocket_fn(handle, { ctx, _, address in
                let exchange = Unmanaged<Exchange>.fromOpaque(ctx!).takeUnretainedValue()
                guard let address, let target = IPAddress(reel_curl_sockaddr(address)) else { return reel_curl_socket_bad() }
                guard exchange.allowAddress?(target) ?? false else {
                    exchange.refusedAddress = target
                    return reel_curl_socket_bad()
                }
                return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
            }))
            try check(reel_curl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, Unmanaged.passUnretained(exchange).toOpaque()))
        }
        if limits.cancelled != nil || limits.progress != nil {
            exchange.cancelled = limits.cancelled
            exchange.progress = limits.progress
            try check(reel_curl_set_long(handle, CURLOPT_NOPROGRESS, 0))
            try check(reel_curl_set_xferinfo_fn(handle, { ctx, total, received, _, _ in
                let exchange = Unmanaged<Exchange>.fromOpaque(ctx!).takeUnretainedValue()
                exchange.progress?(Int64(received), Int64(total))
                return exchange.cancelled?() == true ? 1 : 0
            }))
            try check(reel_curl_set_pointer(handle, CURLOPT_XFERINFODATA, Unmanaged.passUnretained(exchange).toOpaque()))
        }
        let context = Unmanaged.passUnretained(exchange).toOpaque()
        try check(reel_curl_set_data_fn(handle, CURLOPT_HEADERFUNCTION, { data, size, count, ctx in
            let exchange = Unmanaged<Exchange>.fromOpaque(ctx!).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                exchange.headers[name] = value
            } else if line.hasPrefix("HTTP/") {
                exchange.headers = [:]  // a new answer (after a 100 Continue): its own headers
                exchange.status = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
            return size * count
        }))
        try check(reel_curl_set_pointer(handle, CURLOPT_HEADERDATA, context))
        switch sink {
        case .memory(let limit): exchange.limit = limit
        case .file(let path):
            // Truncated in place, not replaced (as FileManager.createFile does): a reader that has
            // the file open (a response sending it as it grows) reads what is written here.
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw TransportError(code: -1, message: "cannot create \(path): \(String(cString: strerror(errno)))") }
            exchange.output = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            exchange.onWritten = limits.written
        case .discard:
            exchange.limit = 64 << 10
            exchange.dropExcess = true
        }
        defer { try? exchange.output?.close() }
        try check(reel_curl_set_data_fn(handle, CURLOPT_WRITEFUNCTION, { data, size, count, ctx in
            let exchange = Unmanaged<Exchange>.fromOpaque(ctx!).takeUnretainedValue()
            let n = size * count
            let bytes = UnsafeRawBufferPointer(start: data, count: n)
            if exchange.output != nil && !(200..<300).contains(exchange.status) {
                // A file takes only a successful answer's bytes: another answer's body (an S3
                // error's XML) is kept here, its first 64 KiB, for the caller to read.
                exchange.received.append(contentsOf: bytes.prefix(max(0, (64 << 10) - exchange.received.count)))
            } else if let output = exchange.output {
                exchange.written += Int64(n)
                if exchange.written > exchange.fileLimit {
                    exchange.overflow = true
                    return 0
                }
                do { try output.write(contentsOf: Data(bytes)) } catch { exchange.outputError = error; return 0 }
                exchange.onWritten?(exchange.written)
            } else if exchange.received.count + n <= exchange.limit {
                exchange.received.append(contentsOf: bytes)
            } else if !exchange.dropExcess {
                exchange.overflow = true
                return 0
            }
            return n
        }))
        try check(reel_curl_set_pointer(handle, CURLOPT_WRITEDATA, context))
        switch body {
        case .none:
            break
        case .bytes(let bytes):
            exchange.inputBytes = bytes
            exchange.remaining = Int64(bytes.count)
        case .file(let path, let offset, let length):
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw TransportError(code: -1, message: "cannot open \(path): \(String(cString: strerror(errno)))") }
            exchange.input = fd
            exchange.inputOffset64 = offset
            exchange.remaining = length
        }
        defer { if exchange.input >= 0 { close(exchange.input) } }
        if case .none = body {} else {
            try check(reel_curl_set_long(handle, CURLOPT_UPLOAD, 1))
            // Larger reads, fewer callbacks (curl's default is 64 KiB).
            try check(reel_curl_set_long(handle, CURLOPT_UPLOAD_BUFFERSIZE, 1 << 20))
            try check(reel_curl_set_off(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(exchange.remaining)))
            try check(reel_curl_set_data_fn(handle, CURLOPT_READFUNCTION, { buffer, size, count, ctx in
                let exchange = Unmanaged<Exchange>.fromOpaque(ctx!).takeUnretainedValue()
                let want = min(size * count, Int(exchange.remaining))
                guard want > 0, let buffer else { return 0 }
                if exchange.input >= 0 {
                    let n = pread(exchange.input, buffer, want, off_t(exchange.inputOffset64))
                    guard n > 0 else { return reel_curl_readfunc_abort() }
                    exchange.inputOffset64 += Int64(n)
                    exchange.remaining -= Int64(n)
                    return n
                }
                exchange.inputBytes.withUnsafeBufferPointer { src in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: src.baseAddress! + exchange.inputOffset, byteCount: want)
                }
                exchange.inputOffset += want
                exchange.remaining -= Int64(want)
                return want
            }))
            try check(reel_curl_set_pointer(handle, CURLOPT_READDATA, context))
        }
        let rc = curl_easy_perform(handle)
        if let e = exchange.outputError { throw e }
        if exchange.overflow {
            let limit = exchange.output == nil ? Int64(exchange.limit) : exchange.fileLimit
            throw TransportError(code: -1, message: "the answer is larger than \(limit) bytes")
        }
        if exchange.refusedAddress != nil { throw TransportError(code: TransportError.refusedAddress, message: "a connection to a refused address") }
        guard rc == CURLE_OK else { throw TransportError(code: Int32(rc.rawValue), message: String(cString: curl_easy_strerror(rc))) }
        var status = 0
        _ = reel_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return (Answer(status: status, headers: exchange.headers), exchange.received)
    }

    private func check(_ rc: CURLcode) throws {
        guard rc == CURLE_OK else { throw TransportError(code: Int32(rc.rawValue), message: String(cString: curl_easy_strerror(rc))) }
    }
}
