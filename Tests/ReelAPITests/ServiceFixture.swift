import Foundation
import Logging
import ReelAPI
import XCTest

/// A real service on an ephemeral loopback port with a temporary data directory and media root.
final class ServiceFixture {
    let root: String
    let service: ReelService
    var port: Int { service.port }

    init(workers: Int = 1, env: [String: String] = [:]) throws {
        root = NSTemporaryDirectory() + "reel-api-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        var config = try ServerConfiguration.load(path: nil, environment: env)
        config.host = "127.0.0.1"
        config.port = 0
        config.dataDir = root + "/data"
        config.mediaRoot = root + "/media"
        config.workers = workers
        service = try ReelService(config: config, logger: Logger(label: "test"))
        try service.start()
    }

    deinit {
        service.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    func client() throws -> TestClient { try TestClient(port: port) }

    /// Polls a job until `until` holds or the timeout passes.
    func waitForJob(_ id: String, timeout: Double = 60, until: ([String: Any]) -> Bool) throws -> [String: Any] {
        let c = try client()
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String: Any] = [:]
        while Date() < deadline {
            last = try c.request("GET", "/v1/jobs/\(id)").json
            if until(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("job \(id) timed out: \(last)")
        throw CocoaError(.userCancelled)
    }

    /// Generates media under the media root with the ffmpeg CLI.
    func ffmpeg(_ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-y"] + args
        p.currentDirectoryURL = URL(fileURLWithPath: root + "/media")
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "ffmpeg \(args)")
    }
}
