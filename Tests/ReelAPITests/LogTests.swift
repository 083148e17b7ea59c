import Foundation
import TestSupport
import XCTest

/// `reel serve` writes pure JSON lines to standard error: its own lines with numbers as numbers,
/// the request lines with the client's X-Request-Id, and FFmpeg's messages through the logger with
/// the job they came from.
final class LogTests: XCTestCase {
    func testStandardErrorIsJSONLinesWithJobIdsAndNumbers() throws {
        let root = NSTemporaryDirectory() + "reel-logs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A clip whose index is whole but whose data is cut short: it probes, and FFmpeg complains
        // while it is rendered.
        let ff = Process()
        ff.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ff.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=3",
                        "-c:v", "libx264", "-movflags", "+faststart", root + "/media/whole.mp4"]
        try ff.run()
        ff.waitUntilExit()
        let whole = try Data(contentsOf: URL(fileURLWithPath: root + "/media/whole.mp4"))
        try whole.prefix(whole.count * 6 / 10).write(to: URL(fileURLWithPath: root + "/media/cut.mp4"))

        let server = try ServerProcess(root: root)
        defer { server.terminate() }
        let c = try TestClient(port: server.port)
        let submitted = try c.json("POST", "/v1/jobs", ##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "src": "cut.mp4" } ] } }"##,
                                   headers: [("X-Request-Id", "log-test-1")])
        XCTAssertEqual(submitted.status, 202, submitted.text)
        XCTAssertEqual(submitted.header("X-Request-Id"), "log-test-1")
        let id = try XCTUnwrap(submitted.json["id"] as? String)
        // The job's last line ("job succeeded" or "job failed", with its id) has reached the pipe.
        XCTAssertTrue(Poll.until(seconds: 60, every: 0.05) {
            server.logLines.contains { $0.contains("\"jobId\":\"\(id)\"") && ($0.contains("\"job succeeded\"") || $0.contains("\"job failed\"")) }
        }, server.log)

        let objects = server.logLines.map { line -> [String: Any]? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        XCTAssertFalse(objects.isEmpty)
        for (line, object) in zip(server.logLines, objects) { XCTAssertNotNil(object, "not a JSON line: \(line)") }
        let lines = objects.compactMap { $0 }
        let running = try XCTUnwrap(lines.first { $0["msg"] as? String == "job running" && $0["jobId"] as? String == id }, "\(lines)")
        XCTAssertEqual(running["attempt"] as? Int, 1, "a number, not a string: \(running)")
        XCTAssertTrue(lines.contains { $0["msg"] as? String == "request" && $0["requestId"] as? String == "log-test-1" && $0["status"] as? Int == 202 })
        // Probing at submission (before there is a job) logs too; from the render on, each line
        // names the job.
        let started = try XCTUnwrap(lines.firstIndex { $0["msg"] as? String == "job running" })
        let ffmpeg = lines[started...].filter { $0["logger"] as? String == "reel.ffmpeg" }
        XCTAssertFalse(ffmpeg.isEmpty, "FFmpeg's complaints about the cut file arrive as JSON lines: \(lines.suffix(20))")
        XCTAssertTrue(ffmpeg.allSatisfy { $0["jobId"] as? String == id && $0["ffmpegLevel"] is Int }, "\(ffmpeg)")
        // At submission FFmpeg's refusals are about the client's file: warnings naming the request.
        let atSubmit = lines[..<started].filter { $0["logger"] as? String == "reel.ffmpeg" }
        XCTAssertFalse(atSubmit.isEmpty, "the probe at submission complains too")
        XCTAssertTrue(atSubmit.allSatisfy { $0["requestId"] as? String == "log-test-1" && $0["level"] as? String == "warning" }, "\(atSubmit)")

        // The engine's "rendered" line names its job and counts in numbers.
        let card = try c.json("POST", "/v1/jobs", ##"{ "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10 }, "timeline": { "videos": [ { "color": "#102030", "duration": 1 } ] } }"##)
        let cardID = try XCTUnwrap(card.json["id"] as? String)
        XCTAssertTrue(Poll.until(seconds: 60, every: 0.05) { server.logLines.contains { $0.contains("\"rendered\"") && $0.contains(cardID) } }, server.log)
        let rendered = try XCTUnwrap(server.logLines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .first { $0["msg"] as? String == "rendered" && $0["jobId"] as? String == cardID })
        XCTAssertEqual(rendered["frames"] as? Int, 10, "\(rendered)")
        XCTAssertTrue(rendered["samples"] is Int, "\(rendered)")
    }
}
