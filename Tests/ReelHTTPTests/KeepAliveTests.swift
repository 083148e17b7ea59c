import Foundation
import XCTest

/// Persistent connections, pipelining, HTTP/1.0, `Connection: close` and HEAD.
final class KeepAliveTests: ServerTestCase {
    func testKeepAliveConnectionIsReused() throws {
        try startServer()
        let client = try connect()
        var remotes: Set<String> = []
        for _ in 0..<3 {
            try client.send("GET /remote HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 200)
            XCTAssertNil(response.header("Connection"))
            remotes.insert(response.text)
        }
        XCTAssertEqual(remotes.count, 1, "all three requests came over one connection")
        XCTAssertTrue(remotes.first?.hasPrefix("127.0.0.1:") ?? false)
        XCTAssertEqual(handler.handledCount, 3)
    }

    func testPipelinedRequestsAreAnsweredInOrder() throws {
        try startServer()
        let client = try connect()
        // The first is slow and the second fast: answers must still come back in request order.
        try client.send("GET /sleep?ms=150&tag=first HTTP/1.1\r\nHost: t\r\n\r\n"
            + "POST /echo?tag=second HTTP/1.1\r\nHost: t\r\nContent-Length: 6\r\n\r\nsecond"
            + "GET /path/third HTTP/1.1\r\nHost: t\r\n\r\n")
        let first = try client.readResponse()
        let second = try client.readResponse()
        let third = try client.readResponse()
        XCTAssertEqual(first.text, "slept first")
        XCTAssertEqual(second.text, "second")
        XCTAssertEqual(third.text, "/path/third|")
        XCTAssertEqual(Set([first, second, third].compactMap { $0.header("X-Request-Id") }).count, 3)
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "hello")
    }

    func testHTTP10ClosesUnlessKeepAliveIsAsked() throws {
        try startServer()
        let plain = try connect()
        try plain.send("GET /hello HTTP/1.0\r\n\r\n")
        let response = try plain.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(try plain.readUntilClosed(), [])

        let keepAlive = try connect()
        for _ in 0..<2 {
            try keepAlive.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let answer = try keepAlive.readResponse()
            XCTAssertEqual(answer.text, "hello")
            XCTAssertEqual(answer.header("Connection"), "keep-alive")
        }
    }

    func testConnectionCloseIsHonoured() throws {
        try startServer()
        let client = try connect()
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.text, "hello")
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(try client.readUntilClosed(), [], "the pipelined second request is not answered")
        XCTAssertEqual(handler.handledCount, 1)
    }

    func testHeadGetsHeadersOnly() throws {
        try startServer()
        let client = try connect()
        try client.send("HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(forHead: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), "5")
        try client.send("HEAD /file HTTP/1.1\r\nHost: t\r\n\r\n")
        let fileHead = try client.readResponse(forHead: true)
        XCTAssertEqual(fileHead.header("Content-Length"), String(fixture.count))
        // Had any body byte been sent, it would be read here as a broken status line.
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "hello")
    }

    func testHalfClosedClientStillGetsItsAnswers() throws {
        try startServer()
        let client = try connect()
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\nGET /path/2 HTTP/1.1\r\nHost: t\r\n\r\n")
        shutdown(client.fd, Int32(SHUT_WR))
        XCTAssertEqual(try client.readResponse().text, "hello")
        XCTAssertEqual(try client.readResponse().text, "/path/2|")
        XCTAssertEqual(try client.readUntilClosed(), [])
    }

    func testLeadingEmptyLinesAreIgnored() throws {
        try startServer()
        let client = try connect()
        try client.send("\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "hello")
    }
}
