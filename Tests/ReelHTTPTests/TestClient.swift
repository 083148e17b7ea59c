import Foundation
import Glibc
import XCTest

/// Why a test client operation failed.
enum ClientError: Error, CustomStringConvertible {
    case system(String, Int32)
    case timeout(String)
    case closed(String)
    case malformed(String)

    var description: String {
        switch self {
        case let .system(call, code): return "\(call): \(String(cString: strerror(code)))"
        case .timeout(let what): return "timed out \(what)"
        case .closed(let what): return "connection closed \(what)"
        case .malformed(let what): return "malformed response: \(what)"
        }
    }
}

/// A parsed response as the test client saw it.
struct TestResponse {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking loopback client over a raw socket, so tests control every byte sent. Every receive
/// has a timeout (SO_RCVTIMEO), so a server bug fails a test instead of hanging the suite.
final class TestClient {
    private(set) var fd: Int32
    private var buffer: [UInt8] = []
    /// Longest any one read operation may take in total, and the most it may buffer: a server
    /// that trickles or streams bytes forever fails the test instead of hanging it.
    private let operationLimit: Double
    private static let bufferLimit = 64 << 20
    private var operationDeadline = Date.distantFuture

    /// `receiveBuffer`: the socket's receive buffer in bytes (nil: the kernel's), set before
    /// connecting so the window the server may fill is that small.
    /// Bytes the kernel holds for this socket that it has not read yet (FIONREAD).
    var unreadBytes: Int {
        var n: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &n) == 0 ? Int(n) + buffer.count : buffer.count
    }

    init(port: Int, timeout: Double = 3, receiveBuffer: Int32? = nil) throws {
        operationLimit = timeout * 2
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ClientError.system("socket", errno) }
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            let code = errno
            Glibc.close(fd)
            throw ClientError.system("connect", code)
        }
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Closes normally (FIN).
    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    /// Shuts the sending side (FIN) and goes on reading, as some clients do once their request is sent.
    func shutdownWrite() { _ = shutdown(fd, Int32(SHUT_WR)) }

    /// Closes with a reset (SO_LINGER 0), like a client that crashed mid-download.
    func abort() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        Glibc.close(fd)
        fd = -1
    }

    /// Whether the server sends something not yet read (a response, or the connection's end)
    /// within `seconds`.
    func waitForData(seconds: Double = 0) -> Bool {
        guard buffer.isEmpty else { return true }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, Int32(seconds * 1000)) > 0
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ClientError.system("send", errno)
            }
            offset += n
        }
    }

    /// Receives more bytes into the buffer; false on EOF.
    private func fill(_ what: String) throws -> Bool {
        guard Date() < operationDeadline else { throw ClientError.timeout(what + " (operation deadline)") }
        guard buffer.count < Self.bufferLimit else { throw ClientError.malformed("more than \(Self.bufferLimit) bytes \(what)") }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer += chunk[0..<n]
                return true
            }
            if n == 0 { return false }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { throw ClientError.timeout(what) }
            throw ClientError.system("recv", errno)
        }
    }

    /// Reads one response (an interim 1xx one too). `forHead` means a HEAD request: no body.
    func readResponse(forHead: Bool = false) throws -> TestResponse {
        operationDeadline = Date().addingTimeInterval(operationLimit)
        var end: Int?
        while end == nil {
            end = Self.headEnd(buffer)
            if end == nil {
                guard try fill("waiting for a response head") else {
                    throw ClientError.closed("before a complete response head (\(buffer.count) bytes)")
                }
            }
        }
        let headEnd = end!
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw ClientError.malformed("empty head") }
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw ClientError.malformed("status line of \(head)")
        }
        let headers = try lines.map { line -> (name: String, value: String) in
            guard let colon = line.firstIndex(of: ":") else { throw ClientError.malformed("field \(line)") }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let response = TestResponse(status: status, headers: headers, body: [])
        if status < 200 || status == 204 || status == 304 || forHead { return response }
        guard let lengthText = response.header("Content-Length"), let length = Int(lengthText) else {
            throw ClientError.malformed("no Content-Length in \(head)")
        }
        while buffer.count < length {
            guard try fill("reading a body of \(length) bytes") else {
                throw ClientError.closed("after \(buffer.count) of \(length) body bytes")
            }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return TestResponse(status: status, headers: headers, body: body)
    }

    /// Reads exactly `count` bytes (of a body whose head was read with `forHead`).
    func read(count: Int) throws -> [UInt8] {
        operationDeadline = Date().addingTimeInterval(operationLimit)
        while buffer.count < count {
            guard try fill("reading \(count) bytes") else { throw ClientError.closed("after \(buffer.count) of \(count) bytes") }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[0..<count])
    }

    /// Reads until `pattern` has arrived and returns everything up to and including it.
    func read(through pattern: [UInt8]) throws -> [UInt8] {
        operationDeadline = Date().addingTimeInterval(operationLimit)
        while true {
            if buffer.count >= pattern.count {
                for i in 0...(buffer.count - pattern.count) where buffer[i..<(i + pattern.count)].elementsEqual(pattern) {
                    defer { buffer.removeFirst(i + pattern.count) }
                    return Array(buffer[0..<(i + pattern.count)])
                }
            }
            guard try fill("waiting for \(String(decoding: pattern, as: UTF8.self).debugDescription)") else {
                throw ClientError.closed("before \(String(decoding: pattern, as: UTF8.self).debugDescription)")
            }
        }
    }

    /// Waits for the server to close the connection; returns any bytes that arrived first.
    /// Throws on timeout (the connection stayed open).
    @discardableResult
    func readUntilClosed() throws -> [UInt8] {
        operationDeadline = Date().addingTimeInterval(operationLimit)
        while true {
            do {
                guard try fill("waiting for the server to close") else { break }
            } catch ClientError.system(_, let code) where code == ECONNRESET {
                break
            }
        }
        defer { buffer = [] }
        return buffer
    }

    /// True when nothing arrives and the connection stays open for `seconds`.
    func staysOpen(for seconds: Double) -> Bool {
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pollfd, 1, Int32(seconds * 1000)) == 0
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i + 4
        }
        return nil
    }
}
