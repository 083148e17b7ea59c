import Foundation
import Glibc
import ReelHTTP
import TestSupport
import XCTest

/// Responses from a file another thread is still writing (`HTTPResponseBody.growingFile`): the
/// head, with the final length, goes out before any byte is written; the body follows the writer
/// and never runs ahead of it (not even when the writer starts over and the file is shorter for a
/// while); a range waits for its bytes; a writer that fails cuts the response.
final class GrowingFileTests: ServerTestCase {
    let bytes: [UInt8] = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9) }

    /// Opens `GET /growing` and answers the file the test writes, and the response's head.
    private func open(_ client: TestClient, query: String) throws -> (path: String, file: GrowingFile, head: TestResponse) {
        let before = handler.growingFiles.count
        try client.send("GET /growing?\(query) HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try client.readResponse(forHead: true)
        let opened = try XCTUnwrap(handler.growingFiles.dropFirst(before).first)
        return (opened.path, opened.file, head)
    }

    /// Writes `range` of `bytes` at its place in the file (the file cut to `truncate` first, if
    /// given), and tells the file it is written up to the range's end.
    private func write(_ path: String, _ file: GrowingFile, _ range: Range<Int>, truncate: Int? = nil) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        if let truncate { try handle.truncate(atOffset: UInt64(truncate)) }
        try handle.seek(toOffset: UInt64(range.lowerBound))
        try handle.write(contentsOf: Data(bytes[range]))
        file.advance(to: Int64(range.upperBound))
    }

    func testTheHeadGoesFirstAndTheBodyFollowsTheWriter() throws {
        try startServer()
        let client = try connect(timeout: 10)
        let (path, file, head) = try open(client, query: "length=\(bytes.count)")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), String(bytes.count), "the final length, before any byte is written")

        try write(path, file, 0..<50_000)
        XCTAssertEqual(try client.read(count: 50_000), Array(bytes[0..<50_000]))
        XCTAssertTrue(client.staysOpen(for: 0.2), "nothing past what is written")

        // The writer starts over (a retried download): the file is shorter than what was sent for
        // a while; nothing is sent from it until the writer is past where the reader is.
        try write(path, file, 0..<20_000, truncate: 0)
        XCTAssertTrue(client.staysOpen(for: 0.2), "nothing sent from a file shorter than the reader's place")
        try write(path, file, 20_000..<bytes.count)
        file.complete()
        XCTAssertEqual(try client.read(count: bytes.count - 50_000), Array(bytes[50_000...]))
        // The response ended where it said: the connection serves the next request.
        try client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "hello")
    }

    func testARangeWaitsForItsBytes() throws {
        try startServer()
        let client = try connect(timeout: 10)
        let (path, file, head) = try open(client, query: "offset=150000&length=1000")
        XCTAssertEqual(head.header("Content-Length"), "1000")
        try write(path, file, 0..<100_000)
        XCTAssertTrue(client.staysOpen(for: 0.2), "the range's bytes are not written yet")
        try write(path, file, 100_000..<160_000)
        XCTAssertEqual(try client.read(count: 1000), Array(bytes[150_000..<151_000]), "sent before the writer ends")
    }

    func testAWriterThatFailsCutsTheResponseAndTheLogSaysWhy() throws {
        try startServer()
        let client = try connect(timeout: 10)
        let (path, file, _) = try open(client, query: "length=\(bytes.count)")
        try write(path, file, 0..<10_000)
        XCTAssertEqual(try client.read(count: 10_000), Array(bytes[0..<10_000]))
        file.fail("the bucket stopped answering")
        XCTAssertEqual(try client.readUntilClosed(), [], "cut where the writer stopped, never padded")
        XCTAssertTrue(eventually { self.logLines.contains { $0.contains(#""path":"/growing""#) && $0.contains("the bucket stopped answering") } },
                      "\(logLines)")
    }

    /// A writer that finishes short of the announced length (it never should) cuts the response
    /// rather than leaving the client waiting.
    func testAFileThatEndsShortCutsTheResponse() throws {
        try startServer()
        let client = try connect(timeout: 10)
        let (path, file, _) = try open(client, query: "length=\(bytes.count)")
        try write(path, file, 0..<1000)
        file.complete()
        XCTAssertEqual(try client.readUntilClosed(), Array(bytes[0..<1000]))
    }

    /// A client that shuts its sending side while the file grows still gets the file, and the
    /// loop does not spin on the shutdown it was told of (level-triggered epoll would report it
    /// at every wait): over a quarter second of waiting the event loop's threads use a small part
    /// of a core.
    func testAClientThatShutsItsSideWhileTheFileGrowsGetsItWithoutASpinningLoop() throws {
        try startServer()
        let client = try connect(timeout: 10)
        let (path, file, _) = try open(client, query: "length=\(bytes.count)")
        try write(path, file, 0..<1000)
        XCTAssertEqual(try client.read(count: 1000), Array(bytes[0..<1000]))
        client.shutdownWrite()
        let before = Self.loopCPUSeconds()
        XCTAssertTrue(client.staysOpen(for: 0.25), "waiting for the writer")
        let spent = Self.loopCPUSeconds() - before
        XCTAssertLessThan(spent, 0.1, "the event loop spun while the file waited: \(spent) s of CPU in 0.25 s")
        try write(path, file, 1000..<bytes.count)
        file.complete()
        XCTAssertEqual(try client.readUntilClosed(), Array(bytes[1000...]), "the rest, then the close the client's shutdown asked for")
    }

    /// User and system CPU time so far of this process's event-loop threads (`reel-http-loop…`),
    /// from /proc: the other threads of the test process (a previous test's stragglers) do not count.
    static func loopCPUSeconds() -> Double {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var ticks = 0
        for task in tasks {
            guard let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
                  stat[stat.index(after: open)..<close].hasPrefix("reel-http-loop") else { continue }
            // After the name: state (field 3), …, utime (14), stime (15).
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            ticks += (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        }
        return Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The handler's wait for the writer's first bytes: it ends at them, at the writer's failure
    /// (answered), or at its deadline.
    func testWaitingForTheStart() {
        let started = GrowingFile()
        DispatchQueue.global().async { started.advance(to: 1) }
        XCTAssertNil(started.waitForStart(seconds: 10))
        let failed = GrowingFile()
        DispatchQueue.global().async { failed.fail("no such key") }
        XCTAssertEqual(failed.waitForStart(seconds: 10), "no such key")
        XCTAssertNil(GrowingFile().waitForStart(seconds: 0.05), "nothing happened: the deadline ends the wait")
    }
}
