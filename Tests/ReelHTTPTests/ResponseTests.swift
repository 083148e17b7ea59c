import Foundation
import TestSupport
import XCTest

/// Response headers, file streaming, path decoding and the request log.
final class ResponseTests: ServerTestCase {
    func testEveryResponseHasDateRequestIdAndLength() throws {
        try startServer()
        let client = try connect()
        var ids: Set<String> = []
        for _ in 0..<2 {
            try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            XCTAssertEqual(response.header("Content-Length"), "5")
            let date = try XCTUnwrap(response.header("Date"))
            XCTAssertNotNil(date.range(of: #"^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$"#, options: .regularExpression), date)
            let id = try XCTUnwrap(response.header("X-Request-Id"))
            XCTAssertNotNil(id.range(of: "^[0-9a-f]{16}$", options: .regularExpression), id)
            ids.insert(id)
        }
        XCTAssertEqual(ids.count, 2, "each request gets a new id")
    }

    /// An incoming X-Request-Id is kept (response, log line); a malformed one is replaced. A valid
    /// W3C traceparent is echoed and its trace id logged.
    func testIncomingRequestIdAndTraceparentAreKeptAndEchoed() throws {
        try startServer()
        let client = try connect()
        let trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\nX-Request-Id: client-42.a_b\r\ntraceparent: \(trace)\r\n\r\n")
        let kept = try client.readResponse()
        XCTAssertEqual(kept.header("X-Request-Id"), "client-42.a_b")
        XCTAssertEqual(kept.header("traceparent"), trace)
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\nX-Request-Id: has space\r\ntraceparent: 00-0000-bad\r\n\r\n")
        let replaced = try client.readResponse()
        XCTAssertNotNil(replaced.header("X-Request-Id")?.range(of: "^[0-9a-f]{16}$", options: .regularExpression))
        XCTAssertNil(replaced.header("traceparent"))
        XCTAssertTrue(eventually { self.logLines.contains { $0.contains(#""requestId":"client-42.a_b""#) && $0.contains(#""traceId":"4bf92f3577b34da6a3ce929d0e0e4736""#) } },
                      "\(logLines)")
    }

    /// A handler may answer on the event loop: no pool thread runs `handle`, pipelined requests
    /// (inline and pooled mixed) are answered in order, and each has its own log line.
    func testInlineAnswersSkipThePoolAndKeepTheOrder() throws {
        try startServer()
        let client = try connect()
        try client.send("GET /inline?n=1 HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\nGET /inline?n=2 HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "inline 1")
        XCTAssertEqual(try client.readResponse().text, "hello")
        XCTAssertEqual(try client.readResponse().text, "inline 2")
        try client.send("HEAD /inline HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(forHead: true)
        XCTAssertEqual(head.header("Content-Length"), "7")
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertEqual(handler.handledCount, 1, "only /hello went to the pool")
        XCTAssertTrue(eventually { self.logLines.filter { $0.contains(#""path":"/inline""#) }.count == 3 }, "\(logLines)")
    }

    func testLargeFileIsStreamedByteExact() throws {
        try startServer()
        let client = try connect(timeout: 5)
        try client.send("GET /file HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Length"), String(fixture.count))
        XCTAssertEqual(response.body.count, fixture.count)
        XCTAssertTrue(response.body == fixture, "the body matches the file")
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "hello")
    }

    func testFileRangeIsSent() throws {
        try startServer()
        let client = try connect()
        try client.send("GET /file?offset=70000&length=100000 HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.body, Array(fixture[70000..<170000]))
    }

    func testSlowReaderStillGetsTheWholeFile() throws {
        try startServer()
        // A 16 KiB window for a 3 MiB file: the server fills the socket and must wait for EPOLLOUT.
        let client = try connect(timeout: 5, receiveBuffer: 16 << 10)
        try client.send("GET /file HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertTrue(Poll.until(seconds: 5) { client.unreadBytes > 0 }, "the answer has begun")
        let response = try client.readResponse()
        XCTAssertTrue(response.body == fixture)
        XCTAssertEqual(try client.readResponse().text, "hello")
    }

    func testMissingResponseFileBecomes500() throws {
        try startServer()
        try assertRefused("GET /missing-file HTTP/1.1\r\nHost: t\r\n\r\n", status: 500)
        // The reason reaches the client (the API's problem detail): it names no server path.
        XCTAssertTrue(handler.rejections.contains { $0.status == 500 && $0.reason.hasPrefix("cannot open the response file: ") },
                      "\(handler.rejections)")
        XCTAssertFalse(handler.rejections.contains { $0.reason.contains("/nonexistent-reel-file") })
    }

    func testPathAndQueryAreDecoded() throws {
        try startServer()
        let client = try connect()
        try client.send("GET /path/a%20b/%C3%A9?x=1&y=a+b&z=%26%3D&&flag HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "/path/a b/é|x=1&y=a b&z=&=&flag=")
        try client.send("GET http://example.com/path/abs?q=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "/path/abs|q=1")
    }

    func testEachRequestIsLoggedAsOneJSONLine() throws {
        try startServer()
        let client = try connect()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")
        let response = try client.readResponse()
        try client.send("GET /x\"y HTTP/1.1\r\nHost: t\r\nX-Bad: \u{01}\r\n\r\n")
        _ = try client.readResponse()
        try client.readUntilClosed()
        XCTAssertTrue(eventually { logLines.count >= 2 })
        let lines = logLines
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(first["level"] as? String, "info")
        XCTAssertEqual(first["msg"] as? String, "request")
        XCTAssertEqual(first["requestId"] as? String, response.header("X-Request-Id"))
        XCTAssertEqual(first["method"] as? String, "POST")
        XCTAssertEqual(first["path"] as? String, "/echo")
        XCTAssertEqual(first["status"] as? Int, 200)
        XCTAssertEqual(first["bytes"] as? Int, 3)
        XCTAssertNotNil(first["ms"] as? Double)
        XCTAssertTrue((first["remote"] as? String)?.hasPrefix("127.0.0.1:") ?? false)
        XCTAssertNotNil((first["ts"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression))
        XCTAssertFalse(lines[0].contains("\n"))
        let second = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        XCTAssertEqual(second["status"] as? Int, 400)
        XCTAssertNotNil(second["error"] as? String)
    }
}
