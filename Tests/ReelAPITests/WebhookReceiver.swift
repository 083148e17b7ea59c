import Crypto
import Foundation
import TestSupport
import XCTest

/// A tiny HTTP/1.1 server on a loopback port that records every request it gets and answers as
/// `answer` says: an independent receiver for Reel's webhooks (it shares no code with ReelHTTP).
/// One request per connection; `Content-Length` bodies only, as Reel sends them.
final class WebhookReceiver: @unchecked Sendable {
    struct Request {
        let method: String
        let path: String
        let headers: [String: String]
        let body: [UInt8]
        let received: Date
        func header(_ name: String) -> String? { headers[name.lowercased()] }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
    }

    enum Answer {
        case status(Int, [(String, String)])
        /// Read the request, then never answer (the connection stays open until `stop`).
        case hang
    }

    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var requests: [Request] = []
    private var held: [Int32] = []
    private var stopped = false
    private let answer: @Sendable (Request, Int) -> Answer

    /// `answer` gets each request and its index (0 for the first).
    init(answer: @escaping @Sendable (Request, Int) -> Answer = { _, _ in .status(200, []) }) throws {
        self.answer = answer
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { close(listener); throw CocoaError(.fileWriteUnknown) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &len) }
        }
        port = Int(UInt16(bigEndian: addr.sin_port))
        let t = Thread { [self] in acceptLoop() }
        t.name = "webhook-receiver"
        t.start()
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String = "/hook") -> String { "http://127.0.0.1:\(port)\(path)" }

    var received: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return requests
    }

    /// Waits until `until` holds for the requests so far, or `timeout` passes; returns them.
    @discardableResult
    func wait(timeout: Double = 30, until: ([Request]) -> Bool) -> [Request] {
        Poll.until(seconds: timeout, every: 0.02) { until(received) }
        return received
    }

    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        let open = held
        held = []
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        open.forEach { close($0) }
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                lock.lock()
                let done = stopped
                lock.unlock()
                if done || errno != EINTR { return }
                continue
            }
            Thread { [self] in serve(fd) }.start()
        }
    }

    private func serve(_ fd: Int32) {
        var tv = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        func fill() -> Bool {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return false }
            buffer += chunk[0..<n]
            return true
        }
        var end: Int?
        while end == nil {
            end = Self.headEnd(buffer)
            if end == nil && !fill() { close(fd); return }
        }
        let head = String(decoding: buffer[..<end!], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head[0].split(separator: " ")
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let c = line.firstIndex(of: ":") else { continue }
            headers[line[..<c].lowercased()] = line[line.index(after: c)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < end! + 4 + length { if !fill() { break } }
        let body = Array(buffer[min(buffer.count, end! + 4)..<min(buffer.count, end! + 4 + length)])
        let request = Request(method: requestLine.first.map(String.init) ?? "", path: requestLine.count > 1 ? String(requestLine[1]) : "",
                              headers: headers, body: body, received: Date())
        lock.lock()
        let index = requests.count
        requests.append(request)
        lock.unlock()
        switch answer(request, index) {
        case .hang:
            lock.lock()
            if stopped { close(fd) } else { held.append(fd) }
            lock.unlock()
        case .status(let status, let extra):
            var text = "HTTP/1.1 \(status) Answer\r\nContent-Length: 2\r\nConnection: close\r\n"
            for (k, v) in extra { text += "\(k): \(v)\r\n" }
            text += "\r\nok"
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(fd)
        }
    }

    private static func headEnd(_ b: [UInt8]) -> Int? {
        guard b.count >= 4 else { return nil }
        for i in 0...(b.count - 4) where b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 { return i }
        return nil
    }

    /// Checks `Reel-Signature: t=…,v1=…` against HMAC-SHA256(secret, t + "." + body), and that t is
    /// within five minutes of now, as a receiver should.
    static func signatureIsValid(_ r: Request, secret: String) -> Bool {
        guard let header = r.header("Reel-Signature") else { return false }
        var t: String?, v1: String?
        for part in header.split(separator: ",") {
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { return false }
            if kv[0] == "t" { t = kv[1] } else if kv[0] == "v1" { v1 = kv[1] }
        }
        guard let t, let v1, let seconds = Double(t), abs(Date().timeIntervalSince1970 - seconds) < 300 else { return false }
        let mac = HMAC<SHA256>.authenticationCode(for: Array((t + ".").utf8) + r.body, using: SymmetricKey(data: Array(secret.utf8)))
        let hex = mac.map { String(format: "%02x", $0) }.joined()
        return hex == v1
    }
}
