import Foundation
import TestSupport
import XCTest

/// The `reel serve` process itself: killed mid-render with SIGKILL, started again, the job finishes.
final class CrashRecoveryTests: XCTestCase {
    /// Polls a job until `until` holds or `seconds` pass; returns the last state seen.
    func poll(_ c: TestClient, _ id: String, seconds: Double, until: ([String: Any]) -> Bool) throws -> [String: Any] {
        var job: [String: Any] = [:]
        try Poll.until(seconds: seconds, every: 0.05) {
            job = try c.request("GET", "/v1/jobs/\(id)").json
            return until(job)
        }
        return job
    }

    static let finished: Set<String> = ["succeeded", "failed", "canceled"]

    /// A developer's exported `REEL_*` variables (`REEL_API_KEYS`, as the README shows) do not reach
    /// the server under test, which would then refuse these tests' requests (or not start).
    func testTheServerUnderTestIgnoresTheCallersREELVariables() throws {
        let exported = ["REEL_API_KEYS": "exported-key-0123456789abcdef", "REEL_WORKERS": "not a number"]
        let saved = exported.keys.map { ($0, getenv($0).map { String(cString: $0) }) }
        for (k, v) in exported { setenv(k, v, 1) }
        defer { for (k, v) in saved { if let v { setenv(k, v, 1) } else { unsetenv(k) } } }
        XCTAssertEqual(ProcessInfo.processInfo.environment["REEL_API_KEYS"], exported["REEL_API_KEYS"], "the test's own setup")
        let root = NSTemporaryDirectory() + "reel-env-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess(root: root)
        defer { server.terminate() }
        XCTAssertEqual(try TestClient(port: server.port).request("GET", "/v1/jobs").status, 200, "a server without keys")
    }

    func testKilledServerResumesTheJobOnRestart() throws {
        let root = NSTemporaryDirectory() + "reel-crash-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try ServerProcess(root: root)
        let c = try TestClient(port: first.port)
        let r = try c.json("POST", "/v1/jobs", ##"{ "version": 1, "output": { "width": 1280, "height": 720, "video": { "preset": "medium" } }, "timeline": { "videos": [ { "color": "#336699", "duration": 20 } ] } }"##)
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)
        let before = try poll(c, id, seconds: 60) { ($0["progress"] as? Double ?? 0) >= 0.05 }
        first.kill9()
        // The kill came mid-render: the order the rest of the test depends on.
        XCTAssertEqual(before["status"] as? String, "running", "\(before)")
        XCTAssertGreaterThanOrEqual(before["progress"] as? Double ?? 0, 0.05, "\(before)")
        XCTAssertLessThan(before["progress"] as? Double ?? 1, 1, "\(before)")

        let second = try ServerProcess(root: root)
        defer { second.terminate() }
        let c2 = try TestClient(port: second.port)
        // A generous bound: the whole 20-second render again, on a loaded machine.
        let job = try poll(c2, id, seconds: 300) { Self.finished.contains($0["status"] as? String ?? "") }
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual(job["attempts"] as? Int, 2)
        let file = root + "/data/outputs/\(id)-2.mp4"  // the second attempt's file
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", file]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        let frames = out.fileHandleForReading.readDataToEndOfFile()  // before waiting: a full pipe would block the child
        probe.waitUntilExit()
        XCTAssertEqual(String(decoding: frames, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "600")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/data/outputs").filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers.count, 0, "the killed attempt's partial file does not linger: \(leftovers)")
    }

    func testSIGTERMStopsGracefullyAndHandsTheRunningJobBack() throws {
        let root = NSTemporaryDirectory() + "reel-term-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try ServerProcess(root: root)
        let c = try TestClient(port: first.port)
        let id = try XCTUnwrap(try c.json("POST", "/v1/jobs", ##"{ "version": 1, "output": { "width": 1280, "height": 720, "video": { "preset": "medium" } }, "timeline": { "videos": [ { "color": "#336699", "duration": 300 } ] } }"##).json["id"] as? String)
        let before = try poll(c, id, seconds: 60) { $0["status"] as? String == "running" }
        // SIGTERM came while the job was running: the order the rest of the test depends on.
        XCTAssertEqual(before["status"] as? String, "running", "\(before)")
        XCTAssertEqual(before["attempts"] as? Int, 1, "\(before)")
        // It stops by itself (a render is interrupted at once; a hung shutdown fails here).
        XCTAssertTrue(first.terminate(within: 60), "the server exits after SIGTERM")
        XCTAssertEqual(first.process.terminationStatus, 0, "a clean exit")
        // The next start picks the job up again without counting the interrupted attempt.
        let second = try ServerProcess(root: root)
        defer { second.terminate() }
        let c2 = try TestClient(port: second.port)
        let job = try poll(c2, id, seconds: 60) { $0["status"] as? String == "running" }
        XCTAssertEqual(job["status"] as? String, "running", "\(job)")
        XCTAssertEqual(job["attempts"] as? Int, 1)
        XCTAssertEqual(try c2.request("POST", "/v1/jobs/\(id)/cancel").status, 202)
    }

    func testAKilledServerStillDeliversTheWebhookOfAFinishedJob() throws {
        let root = NSTemporaryDirectory() + "reel-hook-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let secret = "whsec-crash-0123456789abcdef"
        let env = ["REEL_WEBHOOK_SECRET": secret, "REEL_ALLOWED_HOSTS": "127.0.0.1"]
        // The first attempt is read and never answered: the server dies while it is in flight.
        let receiver = try WebhookReceiver { _, i in i == 0 ? .hang : .status(200, []) }
        let first = try ServerProcess(root: root, env: env)
        let c = try TestClient(port: first.port)
        let r = try c.json("POST", "/v1/jobs", WebhookTests.spec(receiver.url(), events: #"["succeeded"]"#))
        XCTAssertEqual(r.status, 202, r.text)
        let id = try XCTUnwrap(r.json["id"] as? String)
        let attempt = receiver.wait { $0.count >= 1 }
        XCTAssertEqual(attempt.count, 1, "the job ended and its delivery started")
        let before = try c.request("GET", "/v1/jobs/\(id)").json
        XCTAssertEqual(before["status"] as? String, "succeeded")
        first.kill9()

        let second = try ServerProcess(root: root, env: env)
        defer { second.terminate() }
        let again = receiver.wait(timeout: 20) { $0.count >= 2 }
        XCTAssertEqual(again.count, 2, "delivered after the restart")
        guard again.count == 2 else { return }
        XCTAssertEqual(again[1].header("Reel-Delivery"), again[0].header("Reel-Delivery"), "the same delivery, not a new event")
        XCTAssertEqual(again[1].header("Reel-Event"), "succeeded")
        XCTAssertTrue(WebhookReceiver.signatureIsValid(again[1], secret: secret))
        let c2 = try TestClient(port: second.port)
        let job = try poll(c2, id, seconds: 20) { j in
            ((j["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first?["status"] as? String == "delivered"
        }
        let d = try XCTUnwrap(((job["webhook"] as? [String: Any])?["deliveries"] as? [[String: Any]])?.first)
        XCTAssertEqual(d["status"] as? String, "delivered", "\(d)")
        XCTAssertEqual(d["attempts"] as? Int, 2)
    }
}
