import Foundation
import ReelHTTP
import XCTest

/// A request body that never starts or stops part-way is refused (408) within one rate window by
/// the event loop's deadline sweep, not left to the idle timeout (before: the rate was judged only
/// when a byte arrived, so a silent body held its connection for the whole idle timeout, 60 s by
/// default). The idle timeout here is 30 s and the client waits at most 10 s for an answer, so an
/// answer at all proves the body's own 1 s window cut the connection.
final class BodyStallTests: ServerTestCase {
    private func startWithOneSecondBodyWindow() throws {
        try startServer {
            $0.idleTimeout = 30
            $0.minBodyBytesPerSecond = 100
            $0.bodyRateWindow = 1
        }
    }

    func testDeclaredBodyNeverSentIs408() throws {
        try startWithOneSecondBodyWindow()
        let client = try connect()
        let start = Date()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n")
        try assertCutByTheBodyWindow(client, since: start)
    }

    func testExpectContinueThenNothingIs408() throws {
        try startWithOneSecondBodyWindow()
        let client = try connect()
        let start = Date()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 100, "the body was invited")
        try assertCutByTheBodyWindow(client, since: start)
    }

    /// Half an upload, then silence: refused, and its partial file removed.
    func testBodyStoppedPartWayIs408() throws {
        try startWithOneSecondBodyWindow()
        let client = try connect()
        let start = Date()
        try client.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n" + String(repeating: "x", count: 50))
        try assertCutByTheBodyWindow(client, since: start)
        XCTAssertTrue(eventually { filesIn(uploadDirectory).isEmpty }, "the partial upload is removed")
    }

    /// A body that keeps pace across several windows is taken: each window the sweep judges gives
    /// way to the next. The sleeps only pace the sender (300 bytes a tenth of a second against a
    /// minimum of 50 a second over 2 s windows, so only a sender paused ~2 s could fall short).
    func testBodyKeepingPaceOverSeveralWindowsIsTaken() throws {
        try startServer {
            $0.idleTimeout = 30
            $0.minBodyBytesPerSecond = 50
            $0.bodyRateWindow = 2
        }
        let client = try connect()
        let pieces = 50
        let piece = String(repeating: "p", count: 300)
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(pieces * piece.utf8.count)\r\n\r\n")
        for _ in 0..<pieces {
            Thread.sleep(forTimeInterval: 0.1)
            try client.send(piece)
        }
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200, handler.rejections.last?.reason ?? "")
        XCTAssertEqual(response.body.count, pieces * piece.utf8.count)
    }

    private func assertCutByTheBodyWindow(_ client: TestClient, since start: Date,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try client.readResponse()
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(response.status, 408, file: file, line: line)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json", file: file, line: line)
        XCTAssertEqual(response.header("Connection"), "close", file: file, line: line)
        XCTAssertEqual(try client.readUntilClosed(), [], "the connection must close", file: file, line: line)
        XCTAssertGreaterThanOrEqual(elapsed, 0.5, "not before the body's window passed", file: file, line: line)
        XCTAssertLessThan(elapsed, 8, "cut by the body's 1 s window, not the 30 s idle timeout", file: file, line: line)
        XCTAssertEqual(handler.handledCount, 0, "the handler never saw the request", file: file, line: line)
        let reason = handler.rejections.last?.reason ?? ""
        XCTAssertTrue(reason.contains("request body"), "reason \(reason.debugDescription)", file: file, line: line)
    }
}
