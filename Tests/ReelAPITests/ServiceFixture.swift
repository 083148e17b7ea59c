import Foundation
import Logging
@testable import ReelAPI
@testable import ReelServer
import TestSupport
import XCTest

/// A real service on an ephemeral loopback port with a temporary data directory and media root.
final class ServiceFixture {
    let root: String
    let service: ReelService
    /// The API keys the server requires (none: an open server on loopback).
    let keys: [String]
    var port: Int { service.port }

    /// Whether the folder is this fixture's to remove (not when it shares another's).
    private let ownsRoot: Bool

    /// `root`: a folder the caller owns (and removes), so several nodes can use one data
    /// directory (one SQLite store) in turn or together.
    init(workers: Int = 1, keys: [String] = [], env: [String: String] = [:], storeBusyTimeoutMillis: Int32 = 5000,
         root given: String? = nil) throws {
        root = given ?? NSTemporaryDirectory() + "reel-api-\(UUID().uuidString)"
        ownsRoot = given == nil
        self.keys = keys
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        var environment = env
        if !keys.isEmpty { environment["REEL_API_KEYS"] = keys.joined(separator: ",") }
        var config = try ServerConfiguration.load(path: nil, environment: environment)
        config.host = "127.0.0.1"
        config.port = 0
        config.dataDir = root + "/data"
        config.mediaRoot = root + "/media"
        config.workers = workers
        // Renders run in children of the built `reel` beside this test bundle, as `reel serve`'s do.
        config.renderExecutable = TestBinaries.reel
        service = try ReelService(config: config, logger: Logger(label: "test"), requestLog: nil,
                                  storeBusyTimeoutMillis: storeBusyTimeoutMillis)
        try service.start()
    }

    deinit {
        service.stop()
        if ownsRoot { try? FileManager.default.removeItem(atPath: root) }
    }

    /// A client sending `key` (by default the first configured key).
    func client(key: String? = nil) throws -> TestClient { try TestClient(port: port, key: key ?? keys.first) }

    /// Polls a job (as `key`, by default the first) until `until` holds or the timeout passes.
    func waitForJob(_ id: String, key: String? = nil, timeout: Double = 60, until: ([String: Any]) -> Bool) throws -> [String: Any] {
        let c = try client(key: key)
        var last: [String: Any] = [:]
        if try Poll.until(seconds: timeout, every: 0.05, {
            last = try c.request("GET", "/v1/jobs/\(id)").json
            return until(last)
        }) { return last }
        XCTFail("job \(id) timed out: \(last)")
        throw CocoaError(.userCancelled)
    }

    /// Generates a clip under the media root and uploads it as `key`; returns the asset id.
    func uploadClip(_ name: String = "clip.mp4", key: String? = nil) throws -> String {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-c:v", "libx264", name])
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/media/" + name))
        let r = try client(key: key).request("POST", "/v1/assets", headers: [("Content-Type", "video/mp4")], body: [UInt8](data))
        XCTAssertEqual(r.status, 201, r.text)
        return try XCTUnwrap(r.json["id"] as? String)
    }

    /// Submits a spec as `key` and returns the new job's id (failing the test otherwise).
    func submit(_ spec: String, key: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let r = try client(key: key).json("POST", "/v1/jobs", spec)
        XCTAssertEqual(r.status, 202, r.text, file: file, line: line)
        return try XCTUnwrap(r.json["id"] as? String, file: file, line: line)
    }

    /// Submits a spec and waits for its job to end; fails the test unless it succeeded.
    func succeeded(_ spec: String, file: StaticString = #filePath, line: UInt = #line) throws -> (id: String, job: [String: Any]) {
        let id = try submit(spec, file: file, line: line)
        let job = try waitForJob(id) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)", file: file, line: line)
        return (id, job)
    }

    /// A spec that renders for minutes, cheaply (a tiny frame, the fastest preset, an hour long):
    /// running whenever a test looks, without taking the machine's cores from the rest.
    static func longSpec(_ color: String = "#0000FF", extra: String = "") -> String {
        ##"{ "version": 1, "output": { "width": 160, "height": 90, "video": { "preset": "ultrafast" } }, "timeline": { "videos": [ { "color": "\##(color)", "duration": 3600 }\##(extra) ] } }"##
    }

    /// Files in a folder under the data directory (`outputs`, `assets`).
    func dataFiles(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/data/" + folder)) ?? []).sorted()
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
