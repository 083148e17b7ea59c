import Foundation
import ReelS3
import TestSupport
import XCTest

/// Transient failures (503 SlowDown, 5xx, a body cut short) are tried again with backoff; others
/// are not. A small Python server answers the first requests with the failure, then with 200 and
/// an ETag that counts the requests it saw, so the test reads how many attempts the client made.
final class S3RetryTests: XCTestCase {
    static let server = """
    import http.server, sys
    fails, code, count = int(sys.argv[1]), int(sys.argv[2]), 0
    obj = bytes((i * 7) % 251 for i in range(100000))
    class H(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def refuse(self):
            body = (b"<Error><Code>SlowDown</Code><Message>Reduce your request rate.</Message></Error>" if code == 503
                    else b"<Error><Code>AccessDenied</Code><Message>no</Message></Error>")
            self.send_response(code)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def do_GET(self):
            global count
            count += 1
            if count <= fails and code != 0:
                return self.refuse()
            self.send_response(200)
            self.send_header("Content-Length", str(len(obj)))
            self.end_headers()
            if count <= fails:  # code 0: the body is cut short and the connection closed
                self.wfile.write(obj[:40000])
                self.wfile.flush()
                self.close_connection = True
                return
            self.wfile.write(obj)
        def do_PUT(self):
            global count
            count += 1
            if self.headers.get("Content-Length") is None:  # as S3 does
                body = b"<Error><Code>MissingContentLength</Code><Message>length required</Message></Error>"
                self.send_response(411)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if count <= fails:
                self.refuse()
            else:
                self.send_response(200)
                self.send_header("ETag", '"request-%d"' % count)
                self.send_header("Content-Length", "0")
                self.end_headers()
        def log_message(self, *args):
            pass
    s = http.server.HTTPServer(("127.0.0.1", 0), H)
    print(s.server_port, flush=True)
    s.serve_forever()
    """

    /// A client of a server failing the first `fails` requests with `status`.
    func client(fails: Int, status: Int) throws -> (S3Client, Process) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", Self.server, String(fails), String(status)]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        var line = [UInt8]()
        while let byte = try out.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { line.append(byte) }
        let port = try XCTUnwrap(Int(String(decoding: line, as: UTF8.self)), "the server printed its port")
        let endpoint = S3Endpoint(service: URL(string: "http://127.0.0.1:\(port)")!, region: "us-east-1", bucket: "b", pathStyle: true)
        let s3 = S3Client(endpoint: endpoint, credentials: S3Credentials(accessKeyID: "k", secretAccessKey: "s"),
                          retry: S3Client.RetryPolicy(attempts: 4, baseDelay: 0.01, maxDelay: 0.05))
        return (s3, p)
    }

    func testSlowDownIsTriedAgainUntilItPasses() throws {
        let (s3, server) = try client(fails: 2, status: 503)
        defer { server.terminate() }
        XCTAssertEqual(try s3.putObject("k", bytes: [1, 2, 3]), "\"request-3\"", "two 503s, then the third attempt stored it")
    }

    func testThrottlingPastTheAttemptsIsThrownTyped() throws {
        let (s3, server) = try client(fails: 10, status: 503)
        defer { server.terminate() }
        XCTAssertThrowsError(try s3.putObject("k", bytes: [1])) { error in
            XCTAssertEqual((error as? S3Error)?.kind, .throttled, "\(error)")
            XCTAssertEqual((error as? S3Error)?.code, "SlowDown")
        }
    }

    func testAccessDeniedIsNotTriedAgain() throws {
        let (s3, server) = try client(fails: 1, status: 403)
        defer { server.terminate() }
        XCTAssertThrowsError(try s3.putObject("k", bytes: [1])) { error in
            XCTAssertEqual((error as? S3Error)?.kind, .accessDenied, "\(error)")
        }
        XCTAssertEqual(try s3.putObject("k", bytes: [1]), "\"request-2\"", "the failed put was one request")
    }

    /// A PUT without a body (making a bucket; a copy inside S3) says `Content-Length: 0`, which S3
    /// requires of every PUT.
    func testABodylessPutSaysItsLength() throws {
        let (s3, server) = try client(fails: 0, status: 503)
        defer { server.terminate() }
        XCTAssertNoThrow(try s3.createBucket())
    }

    /// A download that a reader follows as it is written (`written`): a failed attempt's bytes, an
    /// error's XML or a body cut short, are never announced as the object's beyond what the next
    /// attempt writes again, and the retry writes the same file (a reader that opened it first
    /// reads the whole object through the descriptor it had).
    func testARetriedDownloadRewritesTheFileTheReaderHasOpen() throws {
        let object = (0..<100_000).map { UInt8(($0 * 7) % 251) }
        for (fails, status) in [(1, 503), (1, 0)] {
            let (s3, server) = try client(fails: fails, status: status)
            defer { server.terminate() }
            let path = NSTemporaryDirectory() + "reel-retry-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: path) }
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
            let reader = try XCTUnwrap(FileHandle(forReadingAtPath: path))
            defer { try? reader.close() }
            // At each announcement, the file's first bytes as far as announced are the object's.
            let announced = Collected<(Int64, Bool)>()
            try s3.download("k", to: path) { n in
                let prefix = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: Int(n)) } ?? Data()
                announced.append((n, Array(prefix) == Array(object[0..<Int(n)])))
            }
            let values = announced.all
            XCTAssertEqual(values.last?.0, 100_000, "status \(status)")
            XCTAssertTrue(values.allSatisfy(\.1), "status \(status): announced bytes that are not the object's: \(values.filter { !$0.1 }.map(\.0))")
            if status == 0 {
                XCTAssertTrue(values.contains { $0.0 < 40_000 } && values.filter { $0.0 == 100_000 }.count == 1, "the cut attempt, then the whole one from 0")
            }
            let read = Array(try reader.readToEnd() ?? Data())
            XCTAssertTrue(read == object, "status \(status): the reader's file holds \(read.count) bytes, not the object's: \(read.prefix(16))")
        }
    }
}
