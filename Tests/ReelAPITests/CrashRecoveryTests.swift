import Foundation
import XCTest

/// The `reel serve` process itself: killed mid-render with SIGKILL, started again, the job finishes.
final class CrashRecoveryTests: XCTestCase {
    final class ServerProcess {
        let process = Process()
        let port: Int

        init(root: String) throws {
            let dir = Bundle.main.bundleURL
            let binary = [dir.appendingPathComponent("reel"), dir.deletingLastPathComponent().appendingPathComponent("reel")]
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }!
            process.executableURL = binary
            process.arguments = ["serve"]
            process.currentDirectoryURL = URL(fileURLWithPath: root)
            var env = ProcessInfo.processInfo.environment
            env["REEL_LISTEN"] = "127.0.0.1:0"
            env["REEL_DATA_DIR"] = root + "/data"
            env["REEL_MEDIA_ROOT"] = root + "/media"
            env["REEL_LEASE_SECONDS"] = "1"
            env["REEL_WORKERS"] = "1"
            process.environment = env
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // The "serving" log line names the bound port.
            var seen = ""
            var found: Int?
            let deadline = Date().addingTimeInterval(20)
            while found == nil && Date() < deadline {
                let chunk = err.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += String(decoding: chunk, as: UTF8.self)
                for line in seen.split(separator: "\n") where line.contains("\"serving\"") {
                    if let r = line.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                        found = Int(line[r].split(separator: ":").last!)
                    }
                }
            }
            guard let found else { process.terminate(); throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: seen]) }
            port = found
            // Keep draining the log so the server never blocks on a full pipe.
            err.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
        }

        func kill9() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        func terminate() {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
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
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, ((try c.request("GET", "/v1/jobs/\(id)").json["progress"] as? Double) ?? 0) < 0.05 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        first.kill9()

        let second = try ServerProcess(root: root)
        defer { second.terminate() }
        let c2 = try TestClient(port: second.port)
        var job: [String: Any] = [:]
        let end = Date().addingTimeInterval(90)
        while Date() < end {
            job = try c2.request("GET", "/v1/jobs/\(id)").json
            if ["succeeded", "failed", "canceled"].contains(job["status"] as? String ?? "") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual(job["attempts"] as? Int, 2)
        let file = root + "/data/outputs/\(id)-2.mp4"  // the second attempt's file
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", file]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        probe.waitUntilExit()
        XCTAssertEqual(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "600")
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
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try c.request("GET", "/v1/jobs/\(id)").json["status"] as? String) != "running" {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let asked = Date()
        first.terminate()
        XCTAssertEqual(first.process.terminationStatus, 0, "a clean exit")
        XCTAssertLessThan(Date().timeIntervalSince(asked), 12, "within the grace period")
        // The next start picks the job up again without counting the interrupted attempt.
        let second = try ServerProcess(root: root)
        defer { second.terminate() }
        let c2 = try TestClient(port: second.port)
        var job: [String: Any] = [:]
        let end = Date().addingTimeInterval(20)
        repeat {
            job = try c2.request("GET", "/v1/jobs/\(id)").json
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < end && job["status"] as? String != "running"
        XCTAssertEqual(job["status"] as? String, "running", "\(job)")
        XCTAssertEqual(job["attempts"] as? Int, 1)
        XCTAssertEqual(try c2.request("POST", "/v1/jobs/\(id)/cancel").status, 202)
    }
}
