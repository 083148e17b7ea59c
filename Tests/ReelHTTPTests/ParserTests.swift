@testable import ReelHTTP
import TestSupport
import XCTest

/// The parsing pieces on their own: headers, head scanning and parsing, chunked decoding, percent
/// decoding, and random input that must never crash them.
final class ParserTests: XCTestCase {
    func testHeadersAreOrderedAndCaseInsensitive() {
        var headers: HTTPHeaders = ["Content-Type": "a"]
        headers.add("X-Multi", "1")
        headers.add("x-multi", "2")
        XCTAssertEqual(headers["content-type"], "a")
        XCTAssertEqual(headers["CONTENT-TYPE"], "a")
        XCTAssertEqual(headers.values("X-MULTI"), ["1", "2"])
        headers.set("X-Multi", "3")
        XCTAssertEqual(headers.values("x-multi"), ["3"])
        XCTAssertEqual(headers.all.map(\.name), ["Content-Type", "X-Multi"])
        XCTAssertNil(headers["missing"])
        XCTAssertFalse(HTTPHeaders.sameName("abc", "abd"))
    }

    private func scan(_ text: String, lineLimit: Int = 100, headerLimit: Int = 200) -> HeadScanner.Result {
        var scanner = HeadScanner(requestLineLimit: lineLimit, headerLimit: headerLimit)
        let bytes = Array(text.utf8)
        var result = HeadScanner.Result.incomplete
        for end in 1...bytes.count {  // byte by byte, as if each arrived alone
            result = bytes[0..<end].withUnsafeBufferPointer { scanner.scan($0) }
            if result != .incomplete { return result }
        }
        return result
    }

    func testHeadScannerFindsTheEndIncrementally() {
        XCTAssertEqual(scan("GET / HTTP/1.1\r\nHost: a\r\n\r\nrest"), .complete(length: 27))
        XCTAssertEqual(scan("GET / HTTP/1.0\r\n\r\n"), .complete(length: 18))
        XCTAssertEqual(scan("GET / HTTP/1.0\n\n"), .complete(length: 16))
        XCTAssertEqual(scan("GET / HTTP/1.1\r\nHost: a\r\n"), .incomplete)
        XCTAssertEqual(scan("GET /" + String(repeating: "x", count: 200)), .failed(RequestError(414, "the request line is longer than 100 bytes")))
        if case .failed(let error) = scan("GET / HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: 50)) {
            XCTAssertEqual(error.status, 431)
        } else {
            XCTFail("expected 431")
        }
    }

    private func parse(_ text: String) throws -> ParsedRequest {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { try RequestHeadParser.parse($0, remoteAddress: "r", requestID: "id") }
    }

    private func status(_ text: String) -> Int? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return (error as? RequestError)?.status
        }
    }

    func testParserReadsFramingAndPersistence() throws {
        let chunked = try parse("POST /a?b=c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(chunked.framing, .chunked)
        XCTAssertFalse(chunked.keepAlive)
        XCTAssertEqual(chunked.head.path, "/a")
        XCTAssertEqual(chunked.head.queryValue("b"), "c")
        XCTAssertEqual(chunked.head.target, "/a?b=c")
        let length = try parse("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 5, 5\r\nExpect: 100-Continue\r\n\r\n")
        XCTAssertEqual(length.framing, .length(5))
        XCTAssertTrue(length.keepAlive)
        XCTAssertTrue(length.expectsContinue)
        let old = try parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
        XCTAssertTrue(old.keepAlive)
        XCTAssertEqual(old.framing, .none)
        XCTAssertEqual(try parse("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n").head.path, "*")
        XCTAssertEqual(status("GET * HTTP/1.1\r\nHost: h\r\n\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/3.0\r\nHost: h\r\n\r\n"), 505)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: br\r\n\r\n"), 501)
    }

    private func decodeChunked(_ text: String, pieceSize: Int, limit: Int64 = 1 << 20) throws -> (body: [UInt8], used: Int) {
        var decoder = ChunkedDecoder(trailerLimit: 100, bodyLimit: limit)
        let bytes = Array(text.utf8)
        var body: [UInt8] = []
        var used = 0
        var start = 0
        while start < bytes.count && !decoder.isDone {
            let end = min(bytes.count, start + pieceSize)
            let n = try bytes[start..<end].withUnsafeBufferPointer { try decoder.decode($0) { body += $0 } }
            used += n
            start += n == 0 ? max(1, end - start) : n
        }
        XCTAssertTrue(decoder.isDone)
        return (body, used)
    }

    func testChunkedDecoderIsIncremental() throws {
        let message = "4;ext=1\r\nWiki\r\n5 \r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nTrailer: x\r\n\r\nNEXT"
        for size in [1, 2, 3, 7, 1000] {
            let (body, used) = try decodeChunked(message, pieceSize: size)
            XCTAssertEqual(String(decoding: body, as: UTF8.self), "Wikipedia in\r\n\r\nchunks.", "pieces of \(size)")
            XCTAssertEqual(used, message.utf8.count - 4, "NEXT is left for the next request")
        }
    }

    func testChunkedDecoderRefusesBadInput() {
        func failure(_ text: String, limit: Int64 = 1 << 20) -> Int? {
            do {
                _ = try decodeChunked(text, pieceSize: 1000, limit: limit)
                return nil
            } catch {
                return (error as? RequestError)?.status
            }
        }
        XCTAssertEqual(failure("g\r\n"), 400)
        XCTAssertEqual(failure(" 1\r\na\r\n0\r\n\r\n"), 400)
        XCTAssertEqual(failure("1000000000000000\r\n"), 400, "2^60")
        XCTAssertEqual(failure("1\r\nab\r\n"), 400)
        XCTAssertEqual(failure("1;a\u{01}\r\na\r\n0\r\n\r\n"), 400)
        XCTAssertEqual(failure("11\r\n", limit: 16), 413)
        XCTAssertEqual(failure("0\r\n" + String(repeating: "T: v\r\n", count: 30) + "\r\n"), 431)
        XCTAssertEqual(failure("0\r\n bad\r\n\r\n"), 400)
        XCTAssertEqual(failure(String(repeating: "0", count: 5000) + "\r\n"), 400)
    }

    func testPercentDecoding() {
        XCTAssertEqual(PercentDecoding.decode(Array("/a%2Fb%20c".utf8), plusAsSpace: false), "/a/b c")
        XCTAssertEqual(PercentDecoding.decode(Array("a+b".utf8), plusAsSpace: false), "a+b")
        XCTAssertEqual(PercentDecoding.decode(Array("a+b".utf8), plusAsSpace: true), "a b")
        XCTAssertNil(PercentDecoding.decode(Array("%".utf8), plusAsSpace: false))
        XCTAssertNil(PercentDecoding.decode(Array("%4".utf8), plusAsSpace: false))
        XCTAssertNil(PercentDecoding.decode(Array("%ff".utf8), plusAsSpace: false), "not UTF-8")
        XCTAssertNil(PercentDecoding.decode(Array("%00".utf8), plusAsSpace: false))
        let query = PercentDecoding.query(Array("a=1&&b&c=%3D=".utf8))
        XCTAssertEqual(query?.map(\.name), ["a", "b", "c"])
        XCTAssertEqual(query?.map(\.value), ["1", "", "=="])
    }

    func testHTTPDateFormat() {
        XCTAssertEqual(HTTPDate.format(784_111_777), "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    func testLogLineEscapesValues() {
        var line = LogLine(level: "info", msg: "request")
        line.string("path", "/a\"b\\c\n\u{01}")
        line.decimal("ms", 12.3456)
        XCTAssertTrue(line.line.hasSuffix(#","path":"/a\"b\\c\n\u0001","ms":12.345}"#), line.line)

        var plain = LogLine(level: "info", msg: "request")
        plain.string("path", "/v1/jobs/job_01")
        plain.string("del", "a\u{7F}")
        plain.int("zero", 0)
        plain.int("status", 200)
        plain.int("negative", -42)
        plain.int("max", Int64.max)
        plain.int("min", Int64.min)
        plain.decimal("ms", 0.0004)
        plain.decimal("long", 1234567.5)
        XCTAssertTrue(plain.line.hasSuffix(#","path":"/v1/jobs/job_01","del":"a\u007f","zero":0,"status":200,"negative":-42,"#
            + #""max":9223372036854775807,"min":-9223372036854775808,"ms":0.000,"long":1234567.500}"#), plain.line)
    }

    func testRandomInputNeverCrashesTheParsers() {
        // Seeded, so an input that breaks a parser comes back on the next run (the fuzz targets
        // explore beyond these).
        var generator = SplitMix64(seed: 0x0BAD_5EED)
        let alphabet = Array("GET /HTTP1.0\r\n:; \tHost-Length0123456789abcdefxX%&=?chunked,".utf8) + [0, 1, 0x7F, 0xFF]
        for _ in 0..<3000 {
            let length = Int.random(in: 0...200, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            var scanner = HeadScanner(requestLineLimit: 64, headerLimit: 128)
            if case .complete(let end) = bytes.withUnsafeBufferPointer({ scanner.scan($0) }) {
                _ = try? bytes[0..<end].withUnsafeBufferPointer { try RequestHeadParser.parse($0, remoteAddress: "", requestID: "") }
            }
            var decoder = ChunkedDecoder(trailerLimit: 64, bodyLimit: 1000)
            _ = try? bytes.withUnsafeBufferPointer { try decoder.decode($0) { _ in } }
            _ = PercentDecoding.query(bytes)
        }
    }
}
