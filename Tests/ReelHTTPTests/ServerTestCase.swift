import Foundation
import Synchronization
import Glibc
import ReelHTTP
import TestSupport
import XCTest

/// Base class for tests against a real server on an ephemeral loopback port. Each test gets fresh
/// directories, a 3 MiB fixture file, a started server, and its log lines; tearDown shuts it down.
class ServerTestCase: XCTestCase {
    var server: HTTPServer!
    var handler: TestHandler!
    var directory = ""
    var fixture: [UInt8] = []
    /// The server's log lines, written on its event-loop threads.
    private final class Lines: Sendable { let value = Mutex<[String]>([]) }
    private let lines = Lines()

    var port: Int { server.port }
    var uploadDirectory: String { directory + "/uploads" }
    var keepDirectory: String { directory + "/kept" }
    var logLines: [String] { lines.value.withLock { $0 } }

    override func setUpWithError() throws {
        try super.setUpWithError()
        FileLimit.raise(to: 4096)  // hundreds of sockets on both ends: more than a default 1024
        directory = NSTemporaryDirectory() + "reel-http-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: uploadDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: keepDirectory, withIntermediateDirectories: true)
        fixture = Self.fixtureBytes
        let filePath = directory + "/fixture.bin"
        XCTAssertTrue(FileManager.default.createFile(atPath: filePath, contents: Data(fixture)))
        handler = TestHandler(uploadDirectory: uploadDirectory, keepDirectory: keepDirectory, filePath: filePath)
    }

    override func tearDownWithError() throws {
        if server != nil { XCTAssertTrue(stopServer(gracePeriod: 1), "shutdown did not return: the event loop is stuck") }
        server = nil
        try? FileManager.default.removeItem(atPath: directory)
        try super.tearDownWithError()
    }

    /// Starts the server with the defaults (handlerThreads 4) changed by `configure`.
    func startServer(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configure(&configuration)
        let lines = self.lines
        server = try HTTPServer(configuration: configuration, handler: handler) { line in
            lines.value.withLock { $0 += line.split(separator: "\n").map(String.init) }  // a turn's lines come together
        }
        try server.start()
        XCTAssertGreaterThan(server.port, 0)
    }

    /// Shuts the server down on another thread and waits at most `gracePeriod` + 4 s, so a stuck
    /// event loop fails the test instead of hanging the suite. Returns false on timeout.
    @discardableResult
    func stopServer(gracePeriod: Double) -> Bool {
        guard let server else { return true }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.shutdown(gracePeriod: gracePeriod)
            done.signal()
        }
        return done.wait(timeout: .now() + gracePeriod + 4) == .success
    }

    func connect(timeout: Double = 10, receiveBuffer: Int32? = nil) throws -> TestClient {
        try TestClient(port: port, timeout: timeout, receiveBuffer: receiveBuffer)
    }

    /// Sends `raw` on a new connection and checks the server answers `status` and then closes.
    /// `reason`, when given, must appear in the reason the server passed to `reject`.
    func assertRefused(_ raw: String, status: Int, reason: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let client = try connect()
        try client.send(raw)
        let response = try client.readResponse()
        XCTAssertEqual(response.status, status, "for \(raw.debugDescription)", file: file, line: line)
        XCTAssertEqual(response.header("Connection"), "close", file: file, line: line)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json", file: file, line: line)
        XCTAssertNotNil(response.header("X-Request-Id"), file: file, line: line)
        XCTAssertEqual(try client.readUntilClosed(), [], "the connection must close", file: file, line: line)
        if let reason {
            let given = handler.rejections.last?.reason ?? ""
            XCTAssertTrue(given.contains(reason), "reason \(given.debugDescription) lacks \(reason.debugDescription)", file: file, line: line)
        }
    }

    func filesIn(_ path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }

    /// Waits (briefly) until `condition` holds; the server may finish cleanup just after replying.
    func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        Poll.until(seconds: seconds, every: 0.005, condition)
    }

    /// 3 MiB + 12345 bytes of a pattern that does not repeat at any power-of-two offset; built once.
    static let fixtureBytes: [UInt8] = {
        var bytes = [UInt8](repeating: 0, count: 3 * 1024 * 1024 + 12345)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for i in 0..<buffer.count { buffer[i] = UInt8(truncatingIfNeeded: i &* 31 &+ i >> 11) }
        }
        return bytes
    }()

    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1
    }
}
