import Foundation
import TestSupport
import XCTest

/// A `text/event-stream` reader on a raw loopback socket, written from the HTML standard's
/// "Server-sent events" parsing rules and RFC 9112's chunked coding (not from Reel's writer): it
/// sends one GET, reads the head, undoes the chunking, and gives the events one at a time.
final class EventStreamClient {
    struct Event: Equatable {
        var id: String?
        var name = "message"
        var data = ""
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:] }
        static func == (a: Event, b: Event) -> Bool { a.id == b.id && a.name == b.name && a.data == b.data }
    }

    let fd: Int32
    private(set) var status = 0
    private(set) var headers: [(String, String)] = []
    /// Comment lines seen (`: heartbeat`), in order.
    private(set) var comments: [String] = []
    /// The `retry:` value, once sent.
    private(set) var retry: Int?
    /// The body ended with the last chunk: the server finished the stream.
    private(set) var ended = false
    private var raw: [UInt8] = []
    private var body: [UInt8] = []
    private var chunked = false
    private var building = Event()
    private var buildingHasData = false

    init(port: Int, path: String, key: String? = nil, lastEventID: String? = nil, http10: Bool = false) throws {
        fd = try Loopback.connect(port: port)
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head = "GET \(path) HTTP/\(http10 ? "1.0" : "1.1")\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        if let key { head += "Authorization: Bearer \(key)\r\n" }
        if let lastEventID { head += "Last-Event-ID: \(lastEventID)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    deinit { close(fd) }

    /// The events' ids as numbers (Reel's are change numbers).
    static func ids(_ events: [Event]) -> [Int64] { events.compactMap { $0.id.flatMap { Int64($0) } } }

    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }

    /// Reads until the response head is in; false when it did not come within `seconds`.
    func readHead(seconds: Double = 30) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while status == 0 && !ended && Date() < deadline { try fill() }
        return status != 0
    }

    /// The next event, waiting at most `seconds` (reads block 200 ms at a time); nil when none
    /// came, or the stream ended.
    func next(seconds: Double = 30) throws -> Event? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let event = takeEvent() { return event }
            if ended || Date() >= deadline { return nil }
            try fill()
        }
    }

    /// Events until one satisfies `stop` (included), the stream ends, or `seconds` pass.
    func events(seconds: Double = 60, until stop: (Event) -> Bool) throws -> [Event] {
        let deadline = Date().addingTimeInterval(seconds)
        var out: [Event] = []
        while Date() < deadline, let e = try next(seconds: deadline.timeIntervalSinceNow) {
            out.append(e)
            if stop(e) { break }
        }
        return out
    }

    /// Waits until the server ended the stream (the last chunk, or the connection's close for
    /// HTTP/1.0); false after `seconds`. Events meanwhile are dropped.
    func waitForEnd(seconds: Double = 30) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            while takeEvent() != nil {}
            if ended { return true }
            if Date() >= deadline { return false }
            try fill()
        }
    }

    /// Reads what the socket has (up to the receive timeout); false when nothing came.
    @discardableResult
    private func fill() throws -> Bool {
        var b = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &b, b.count, 0)
        if n == 0 {
            if !chunked && status != 0 { ended = true }  // HTTP/1.0: the close ends the body
            return false
        }
        if n < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return false }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        raw += b[0..<n]
        parse()
        return true
    }

    private func parse() {
        if status == 0 {
            guard let end = Self.find([13, 10, 13, 10], in: raw) else { return }
            var lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
            let statusLine = lines.removeFirst().split(separator: " ")
            status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
            headers = lines.compactMap { l in
                guard let c = l.firstIndex(of: ":") else { return nil }
                return (String(l[..<c]), l[l.index(after: c)...].trimmingCharacters(in: .whitespaces))
            }
            chunked = header("Transfer-Encoding")?.lowercased() == "chunked"
            raw.removeFirst(end + 4)
        }
        guard chunked else {
            body += raw
            raw = []
            return
        }
        while !ended, let lineEnd = Self.find([13, 10], in: raw) {
            let sizeText = String(decoding: raw[..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                XCTFail("not a chunk size: \(sizeText)")
                ended = true
                return
            }
            if size == 0 {
                ended = true
                return
            }
            guard raw.count >= lineEnd + 2 + size + 2 else { return }
            body += raw[(lineEnd + 2)..<(lineEnd + 2 + size)]
            raw.removeFirst(lineEnd + 2 + size + 2)
        }
    }

    /// One event from the body, by the standard's rules: lines end at LF (or CRLF), a blank line
    /// dispatches the event being built (if it has data or an id), `:` starts a comment, a field's
    /// value loses one leading space. Each complete line is consumed as it is read.
    private func takeEvent() -> Event? {
        while let i = body.firstIndex(of: 10) {
            var line = String(decoding: body[..<i], as: UTF8.self)
            body.removeFirst(i + 1)
            if line.hasSuffix("\r") { line.removeLast() }
            if line.isEmpty {
                defer {
                    building = Event()
                    buildingHasData = false
                }
                guard buildingHasData || building.id != nil else { continue }
                var event = building
                if event.data.hasSuffix("\n") { event.data.removeLast() }
                return event
            }
            if line.hasPrefix(":") {
                comments.append(String(line.dropFirst()).trimmingCharacters(in: .whitespaces))
                continue
            }
            var field = line
            var value = ""
            if let c = line.firstIndex(of: ":") {
                field = String(line[..<c])
                value = String(line[line.index(after: c)...])
                if value.hasPrefix(" ") { value.removeFirst() }
            }
            switch field {
            case "event": building.name = value
            case "data":
                building.data += value + "\n"
                buildingHasData = true
            case "id": building.id = value
            case "retry": retry = Int(value)
            default: break
            }
        }
        return nil
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for i in 0...(bytes.count - pattern.count) where bytes[i..<(i + pattern.count)].elementsEqual(pattern) { return i }
        return nil
    }
}
