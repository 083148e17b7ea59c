import Foundation
import Glibc
import TestSupport
import XCTest

/// The threading model: idle connections cost no thread, handlers run in a bounded pool, and
/// shutdown drains in-flight requests.
final class ConcurrencyTests: ServerTestCase {
    func testFiveHundredIdleConnectionsCostNoThreads() throws {
        let before = Self.threadCount()
        try startServer { $0.handlerThreads = 4; $0.eventLoops = 2 }
        let withServer = Self.threadCount()
        // Counts of the whole test process, where other threads (libdispatch's idle workers) come
        // and go: a little slack either way; a thread a connection would be 500 more.
        XCTAssertLessThanOrEqual(withServer - before, 6 + 4, "two loop threads and four workers")

        var idle: [TestClient] = []
        for _ in 0..<500 {
            let client = try connect()
            try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            XCTAssertEqual(try client.readResponse().status, 200)
            idle.append(client)
        }
        let active = try connect()
        for _ in 0..<20 {
            try active.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            XCTAssertEqual(try active.readResponse().text, "hello")
        }
        XCTAssertLessThanOrEqual(Self.threadCount(), withServer + 4, "no thread per connection")
        // The idle connections are still open and usable.
        for client in [idle[0], idle[250], idle[499]] {
            try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            XCTAssertEqual(try client.readResponse().text, "hello")
        }
    }

    func testHandlersRunInParallelUpToThePoolSize() throws {
        try startServer { $0.handlerThreads = 4 }
        let clients = try (0..<4).map { _ in try connect() }
        let start = Date()
        for client in clients { try client.send("GET /sleep?ms=1000 HTTP/1.1\r\nHost: t\r\n\r\n") }
        for client in clients { XCTAssertEqual(try client.readResponse().status, 200) }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.5, "four sleeps of 1 s overlap (one after another: 4 s)")
    }

    func testMaxConnectionsMakesNewOnesWait() throws {
        try startServer { $0.maxConnections = 2 }
        let first = try connect()
        let second = try connect()
        try first.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try first.readResponse().status, 200)
        try second.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try second.readResponse().status, 200)
        let third = try connect()  // sits in the backlog
        try third.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertTrue(third.staysOpen(for: 0.2), "not served while two connections are open")
        try first.send("GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(try first.readResponse().status, 200)
        first.close()
        XCTAssertEqual(try third.readResponse().text, "hello")
    }

    func testGracefulShutdownLetsAnInFlightRequestFinish() throws {
        try startServer()
        let busy = try connect()
        let idle = try connect()
        try idle.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try idle.readResponse().status, 200)
        try busy.send("GET /sleep?ms=300 HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(handler.sleepStarted.wait(timeout: .now() + 2), .success)

        let start = Date()
        XCTAssertTrue(stopServer(gracePeriod: 5))
        let took = Date().timeIntervalSince(start)
        XCTAssertLessThan(took, 2, "returns once the in-flight request is done")

        let response = try busy.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "slept ")
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(try busy.readUntilClosed(), [])
        XCTAssertEqual(try idle.readUntilClosed(), [], "idle connections are closed")
        XCTAssertThrowsError(try connect(), "no longer accepting")
        XCTAssertThrowsError(try server.start())
    }

    func testShutdownGracePeriodIsBounded() throws {
        try startServer()
        let busy = try connect()
        try busy.send("GET /sleep?ms=4000 HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(handler.sleepStarted.wait(timeout: .now() + 10), .success)
        let start = Date()
        XCTAssertTrue(stopServer(gracePeriod: 0.2))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.5, "the grace period, not the 4 s request")
        XCTAssertEqual(try busy.readUntilClosed(), [], "closed without an answer")
    }

    func testClientsResettingMidDownloadDoNotHurtTheServer() throws {
        try startServer()
        for _ in 0..<5 {
            let client = try connect()
            try client.send("GET /file HTTP/1.1\r\nHost: t\r\n\r\n")
            XCTAssertTrue(Poll.until(seconds: 5) { client.unreadBytes > 0 }, "the download has begun")
            client.abort()  // the server's next send gets EPIPE/ECONNRESET, never SIGPIPE
        }
        let client = try connect()
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "hello")
        XCTAssertTrue(eventually { logLines.filter { $0.contains("\"path\":\"/file\"") }.count == 5 })
    }
}
