import Foundation
import TestSupport
import XCTest

/// A minimal HTTP/1.1 client on a raw loopback socket, so tests see exactly what the server sends.
final class TestClient {
    let fd: Int32
    /// Sent as `Authorization: Bearer KEY` with every request that does not name its own.
    var key: String?
    private var buffer: [UInt8] = []

    struct Response {
        let status: Int
        let headers: [(String, String)]
        let body: [UInt8]
        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
    }

    init(port: Int, key: String? = nil) throws {
        self.key = key
        fd = try Loopback.connect(port: port)
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            off += n
        }
    }

    /// Sends a request and reads its response.
    func request(_ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let key, !headers.contains(where: { $0.0.lowercased() == "authorization" }) { head += "Authorization: Bearer \(key)\r\n" }
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        send(Array(head.utf8) + body)
        return try read(head: method == "HEAD")
    }

    func json(_ method: String, _ path: String, _ body: String, headers: [(String, String)] = []) throws -> Response {
        try request(method, path, headers: [("Content-Type", "application/json")] + headers, body: Array(body.utf8))
    }

    /// Reads one response (Content-Length bodies; none for HEAD, 204 and 304).
    func read(head: Bool = false) throws -> Response {
        while true {
            if let end = findHeaderEnd() {
                let text = String(decoding: buffer[..<end], as: UTF8.self)
                var lines = text.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
                let headers = lines.compactMap { l -> (String, String)? in
                    guard let c = l.firstIndex(of: ":") else { return nil }
                    return (String(l[..<c]), l[l.index(after: c)...].trimmingCharacters(in: .whitespaces))
                }
                let length = head || status == 304 || status == 204 || status == 100 ? 0
                    : Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
                while buffer.count < end + 4 + length { try fill() }
                let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return Response(status: status, headers: headers, body: body)
            }
            try fill()
        }
    }

    /// True when bytes from the server are waiting to be read (or the server closed), without waiting.
    func hasPendingData() -> Bool {
        if !buffer.isEmpty { return true }
        var b: UInt8 = 0
        return recv(fd, &b, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) >= 0
    }

    /// True when the server closed the connection (reads EOF within the timeout).
    func isClosed() -> Bool {
        var b = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = recv(fd, &b, b.count, 0)
            if n == 0 { return true }
            if n < 0 { return false }
        }
    }

    private func fill() throws {
        var b = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &b, b.count, 0)
        guard n > 0 else { throw CocoaError(.fileReadUnknown) }
        buffer += b[0..<n]
    }

    private func findHeaderEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }
}
