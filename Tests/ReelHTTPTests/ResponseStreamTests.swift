import Foundation
import Glibc
import ReelHTTP
import Synchronization
import TestSupport
import XCTest

/// Responses whose body the application sends while they are open (`HTTPResponseBody.stream`):
/// chunked to HTTP/1.1 clients, until the close to HTTP/1.0 ones; heartbeats when quiet; a client
/// that stops reading is dropped with bounded memory; a client that leaves, a HEAD, and shutdown
/// all close the stream, so its producer learns it is gone.
final class ResponseStreamTests: ServerTestCase {
    private func openStream(_ query: String = "", _ client: TestClient) throws -> (TestResponse, ResponseStream) {
        let before = handler.streams.count
        try client.send("GET /stream\(query) HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try client.readResponse(forHead: true)
        let stream = try XCTUnwrap(Poll.value(seconds: 10) { handler.streams.count > before ? handler.streams.last : nil })
        return (head, stream)
    }

    func testPiecesArriveAsChunksInOrderAndTheLastChunkEndsTheResponseNotTheConnection() throws {
        try startServer()
        let client = try TestClient(port: port)
        let (head, stream) = try openStream("", client)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Transfer-Encoding"), "chunked")
        XCTAssertNil(head.header("Content-Length"))
        XCTAssertTrue(stream.send(Array("first\n".utf8)))
        XCTAssertEqual(try client.read(through: Array("first\n\r\n".utf8)), Array("6\r\nfirst\n\r\n".utf8))
        XCTAssertTrue(stream.send(Array("second".utf8)))
        XCTAssertTrue(stream.send(Array(" third".utf8)))
        let rest = try client.read(through: Array("third\r\n".utf8))
        // Two sends may share a chunk or not; the bytes, unchunked, are the same.
        XCTAssertEqual(Self.unchunk(rest), Array("second third".utf8), String(decoding: rest, as: UTF8.self))
        stream.finish()
        XCTAssertEqual(try client.read(through: Array("0\r\n\r\n".utf8)), Array("0\r\n\r\n".utf8))
        XCTAssertTrue(Poll.until(seconds: 10) { stream.isClosed }, "the end closes the stream")
        XCTAssertFalse(stream.send([1]), "a closed stream takes nothing")
        // The connection serves the next request.
        try client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "hello")
    }

    func testAnHTTP10StreamIsNotChunkedAndEndsWithTheConnection() throws {
        try startServer()
        let client = try TestClient(port: port)
        try client.send("GET /stream HTTP/1.0\r\n\r\n")
        let stream = try XCTUnwrap(Poll.value(seconds: 10) { handler.streams.last })
        stream.send(Array("abc".utf8))
        stream.send(Array("def".utf8))
        stream.finish()
        let all = String(decoding: try client.readUntilClosed(), as: UTF8.self)
        XCTAssertTrue(all.hasPrefix("HTTP/1.1 200 OK\r\n"), all)
        XCTAssertFalse(all.contains("Transfer-Encoding"), all)
        XCTAssertTrue(all.contains("Connection: close\r\n"), all)
        XCTAssertTrue(all.hasSuffix("\r\n\r\nabcdef"), all)
    }

    func testAQuietStreamSendsItsHeartbeat() throws {
        try startServer()
        let client = try TestClient(port: port)
        _ = try openStream("?heartbeat=0.1", client)
        for _ in 0..<3 { XCTAssertEqual(try client.read(through: Array(": beat\n\r\n".utf8)), Array("7\r\n: beat\n\r\n".utf8)) }
    }

    func testAClientThatStopsReadingIsDroppedAndTheBacklogStaysBounded() throws {
        try startServer()
        let limit = 64 << 10
        let reader = try TestClient(port: port, receiveBuffer: 4096)
        let (_, stream) = try openStream("?limit=\(limit)", reader)
        let piece = [UInt8](repeating: 0x61, count: 16 << 10)
        var sent = 0
        var largestBacklog = 0
        // The kernel's buffers take what they take; then the backlog grows to the limit and the
        // client is dropped.
        let dropped = Poll.until(seconds: 60, every: 0) {
            largestBacklog = max(largestBacklog, stream.backlog)
            guard stream.send(piece) else { return true }
            sent += piece.count
            return false
        }
        XCTAssertTrue(dropped, "sent \(sent) bytes to a client that reads nothing and it was not dropped")
        XCTAssertLessThanOrEqual(largestBacklog, limit, "what waits in the stream never passes its limit")
        XCTAssertLessThan(sent, 64 << 20, "dropped after the kernel's buffers and the limit, not after everything")
        XCTAssertTrue(Poll.until(seconds: 10) { stream.isClosed })
        XCTAssertTrue(Poll.until(seconds: 10) { self.logLines.contains { $0.contains("fell more than \(limit) bytes behind") } }, "\(logLines)")
        // Everyone else is served meanwhile.
        let other = try TestClient(port: port)
        try other.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try other.readResponse().text, "hello")
    }

    func testAClientThatLeavesClosesTheStreamOnce() throws {
        try startServer()
        let client = try TestClient(port: port)
        let (_, stream) = try openStream("", client)
        let calls = Mutex(0)
        stream.whenClosed { calls.withLock { $0 += 1 } }
        client.close()
        XCTAssertTrue(Poll.until(seconds: 10) { stream.isClosed }, "a stream waiting for data notices its client left")
        XCTAssertFalse(stream.send([1]))
        stream.finish()
        XCTAssertEqual(calls.withLock { $0 }, 1)
        // A callback set after the close runs at once.
        let late = Mutex(false)
        stream.whenClosed { late.withLock { $0 = true } }
        XCTAssertTrue(late.withLock { $0 })
    }

    func testAHeadRequestGetsTheHeadAndTheStreamCloses() throws {
        try startServer()
        let client = try TestClient(port: port)
        try client.send("HEAD /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try client.readResponse(forHead: true)
        XCTAssertEqual(head.status, 200)
        let stream = try XCTUnwrap(handler.streams.last)
        XCTAssertTrue(stream.isClosed)
        try client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "hello", "no body came between")
    }

    func testShutdownEndsOpenStreamsWithTheirLastChunk() throws {
        try startServer()
        let client = try TestClient(port: port)
        let (_, stream) = try openStream("", client)
        stream.send(Array("x".utf8))
        XCTAssertEqual(try client.read(through: Array("x\r\n".utf8)), Array("1\r\nx\r\n".utf8))
        XCTAssertTrue(stopServer(gracePeriod: 5))
        server = nil
        XCTAssertEqual(try client.readUntilClosed(), Array("0\r\n\r\n".utf8))
        XCTAssertTrue(stream.isClosed)
    }

    /// The data of a run of complete chunks.
    static func unchunk(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard let lineEnd = (i..<(bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                  let size = Int(String(decoding: bytes[i..<lineEnd], as: UTF8.self), radix: 16) else { break }
            out += bytes[(lineEnd + 2)..<min(bytes.count, lineEnd + 2 + size)]
            i = lineEnd + 2 + size + 2
        }
        return out
    }
}
