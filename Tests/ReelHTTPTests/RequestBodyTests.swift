import Foundation
import TestSupport
import XCTest

/// Content-Length and chunked bodies, 100-continue, and uploads streamed to temporary files.
final class RequestBodyTests: ServerTestCase {
    func testContentLengthBodyIsBuffered() throws {
        try startServer()
        let client = try connect()
        let body = String(repeating: "abcdefgh", count: 5000)
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, body)
        XCTAssertEqual(response.header("Content-Length"), "40000", "the handler's Content-Length is replaced")
        XCTAssertEqual(response.header("X-Method"), "POST")
    }

    func testChunkedBodyWithExtensionsAndTrailers() throws {
        try startServer()
        let client = try connect()
        let heads = handler.headsRead
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value\r\nhello\r\n")
        XCTAssertTrue(Poll.until(seconds: 5) { handler.headsRead > heads }, "the server read the first chunk with the head")
        try client.send("1\r\n \r\n00006 \r\nworld!\r\n0\r\nX-Trailer: yes\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "hello world!")
        XCTAssertEqual(try client.readResponse().text, "hello", "the request after the trailers is read")
    }

    func testExpectContinueIsAnsweredBeforeTheBody() throws {
        try startServer()
        let client = try connect()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        let interim = try client.readResponse()
        XCTAssertEqual(interim.status, 100)
        try client.send("data")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "data")
    }

    func testExpectContinueOverTheLimitGets413WithoutReadingTheBody() throws {
        try startServer()
        let client = try connect()
        try client.send("POST /json HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 413, "the final answer comes at once, with no 100 Continue")
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(try client.readUntilClosed(), [])
        XCTAssertEqual(handler.handledCount, 0)
        XCTAssertEqual(handler.rejections.first?.status, 413)
    }

    func testExpectContinueWithChunkedBodyOnANoBodyRouteGets413() throws {
        try startServer()
        let client = try connect()
        try client.send("POST /hello HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 413)
        try client.readUntilClosed()
        XCTAssertEqual(handler.handledCount, 0)
    }

    func testUploadIsStreamedToATemporaryFileThatIsRemovedAfterwards() throws {
        try startServer()
        let client = try connect()
        let body = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let heads = handler.headsRead
        try client.send(Array("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n".utf8))
        try client.send(Array(body[0..<70_000]))
        XCTAssertTrue(Poll.until(seconds: 5) { handler.headsRead > heads }, "the server is reading the body")
        try client.send(Array(body[70_000...]))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.text, "{\"bytes\":200000}")
        let upload = try XCTUnwrap(handler.receivedUploads.first)
        XCTAssertTrue(upload.path.hasPrefix(uploadDirectory + "/reel-upload-"), upload.path)
        XCTAssertEqual(upload.bytes, 200_000)
        XCTAssertEqual(upload.content, body)
        XCTAssertTrue(eventually { filesIn(uploadDirectory).isEmpty }, "the temporary file is deleted")
    }

    func testUploadMovedByTheHandlerIsKept() throws {
        try startServer()
        let client = try connect()
        try client.send("POST /upload-keep HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 201)
        XCTAssertEqual(FileManager.default.contents(atPath: keepDirectory + "/kept"), Data("abc".utf8))
        XCTAssertTrue(filesIn(uploadDirectory).isEmpty)
    }

    func testChunkedUploadOverTheLimitGets413AndLeavesNoFile() throws {
        try startServer()
        let client = try connect()
        try client.send("POST /upload HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        let piece = "10000\r\n" + String(repeating: "x", count: 0x10000) + "\r\n"
        do {
            for _ in 0..<5 { try client.send(piece) }  // 320 KiB > 256 KiB
        } catch ClientError.system {
            // The server may already have answered and shut its side.
        }
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.header("Connection"), "close")
        try client.readUntilClosed()
        XCTAssertEqual(handler.handledCount, 0)
        XCTAssertTrue(eventually { filesIn(uploadDirectory).isEmpty }, "the partial upload is removed")
    }

    func testUploadDeclaredOverTheLimitGets413BeforeAnyFileExists() throws {
        try startServer()
        let client = try connect()
        try client.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 300000\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 413)
        try client.readUntilClosed()
        XCTAssertTrue(filesIn(uploadDirectory).isEmpty)
    }

    func testUploadDirectoryFailureIs500() throws {
        try startServer()
        try assertRefused("POST /upload-nowhere HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc", status: 500)
    }

    func testBodyOnARouteThatTakesNoneIs413() throws {
        try startServer()
        try assertRefused("POST /hello HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello", status: 413)
        let client = try connect()
        try client.send("POST /hello HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "hello", "an empty body is fine")
    }

    func testUnreadBodyIsAnsweredFromTheHeadAndTheConnectionCloses() throws {
        try startServer()
        let client = try connect()
        // Only the head and a first slice of a large declared body are sent: the answer comes
        // anyway, without 100 Continue, and nothing was stored.
        try client.send("POST /refused-upload HTTP/1.1\r\nHost: t\r\nContent-Length: 100000000\r\nExpect: 100-continue\r\n\r\nabc")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 401, response.text)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(try client.readUntilClosed(), [], "the connection must close")
        XCTAssertTrue(filesIn(uploadDirectory).isEmpty)
    }
}
