import Foundation
import ReelHTTP
import XCTest

/// Size limits (414, 431, 413) and timeouts (408, idle close), each followed by a closed connection.
final class LimitTests: ServerTestCase {
    func testLongRequestLineIs414() throws {
        try startServer()
        try assertRefused("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: t\r\n\r\n", status: 414)
        // Refused before the line is even complete.
        try assertRefused("GET /" + String(repeating: "a", count: 9000), status: 414)
    }

    func testRequestLineAtTheLimitIsFine() throws {
        try startServer()
        let client = try connect()
        let path = "/path" + String(repeating: "a", count: 8192 - 13 - 5)
        let line = "GET \(path) HTTP/1.1"
        XCTAssertEqual(line.utf8.count, 8192)
        try client.send(line + "\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 200)
    }

    func testLargeHeaderSectionIs431() throws {
        try startServer()
        let fields = (0..<40).map { "X-Field-\($0): " + String(repeating: "v", count: 1000) + "\r\n" }.joined()
        try assertRefused("GET /hello HTTP/1.1\r\nHost: t\r\n" + fields + "\r\n", status: 431)
    }

    func testJSONBodyDeclaredOverTheLimitIs413BeforeTheBodyIsSent() throws {
        try startServer()
        let client = try connect()
        try client.send("POST /json HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(try client.readUntilClosed(), [])
        XCTAssertEqual(handler.handledCount, 0)
    }

    func testHeaderTimeoutIs408() throws {
        try startServer { $0.headerTimeout = 0.3 }
        // The clock starts before the connection, so the server's (from its accept) starts later.
        let start = Date()
        let client = try connect()
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n")
        let response = try client.readResponse()
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(response.status, 408)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(try client.readUntilClosed(), [])
        XCTAssertGreaterThanOrEqual(elapsed, 0.25)
        XCTAssertLessThan(elapsed, 3)
    }

    func testSilentConnectionIsClosedAfterTheHeaderTimeout() throws {
        try startServer { $0.headerTimeout = 0.2 }
        let client = try connect()
        XCTAssertEqual(try client.readUntilClosed(), [], "closed without a response")
    }

    func testIdleKeepAliveConnectionIsClosedSilently() throws {
        try startServer { $0.idleTimeout = 0.3 }
        let client = try connect()
        // The clock starts before the request, so the server's idle wait (from its answer) starts later.
        let start = Date()
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 200)
        XCTAssertEqual(try client.readUntilClosed(), [])
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.25)
    }

    func testStalledBodyIs408() throws {
        try startServer { $0.idleTimeout = 0.3 }
        let client = try connect()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
        XCTAssertEqual(try client.readResponse().status, 408)
        try client.readUntilClosed()
    }

    /// A body that keeps arriving, but too slowly (a byte each time the server stays silent for
    /// 50 ms: at most 20 B/s against 200), is refused once a rate window has passed, though it never
    /// stalls long enough for the idle timeout; a body sent at once is taken (before: a trickle was
    /// held for as long as the sender liked).
    func testATricklingBodyIs408() throws {
        try startServer {
            $0.minBodyBytesPerSecond = 200
            $0.bodyRateWindow = 0.5
        }
        let slow = try connect()
        try slow.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n")
        let start = Date()
        var refused = false
        for _ in 0..<100 {
            // Waiting for the server's answer paces the trickle: a byte per 50 ms of silence.
            if slow.waitForData(seconds: 0.05) || (try? slow.send("x")) == nil { refused = true; break }
        }
        XCTAssertTrue(refused, "refused while the body still trickled")
        let response = try slow.readResponse()
        XCTAssertEqual(response.status, 408)
        XCTAssertLessThan(Date().timeIntervalSince(start), 3, "within a window or two, not at the end of the body")

        let steady = try connect()
        try steady.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 400\r\n\r\n" + String(repeating: "y", count: 400))
        XCTAssertEqual(try steady.readResponse().status, 200)
    }

    func testInvalidConfigurationIsRefused() {
        var configuration = HTTPServerConfiguration(port: 70000, handlerThreads: 0)
        configuration.idleTimeout = -1
        XCTAssertThrowsError(try HTTPServer(configuration: configuration, handler: handler)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("port 70000"), text)
            XCTAssertTrue(text.contains("handlerThreads 0"), text)
            XCTAssertTrue(text.contains("idleTimeout"), text)
        }
    }

    func testPortInUseIsReportedWithContext() throws {
        try startServer()
        let second = try HTTPServer(configuration: HTTPServerConfiguration(port: port), handler: handler)
        XCTAssertThrowsError(try second.start()) { error in
            XCTAssertTrue("\(error)".contains("127.0.0.1:\(port)"), "\(error)")
        }
    }
}
