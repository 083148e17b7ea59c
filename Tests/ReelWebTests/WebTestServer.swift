import Foundation
import TestSupport

/// `web-test-server.py` (beside this file) on a free loopback port, for as long as the object lives:
/// files with ETags, redirects, error statuses, a slow body, and a count of the GETs of each path.
final class WebTestServer {
    let port: Int
    private let process = Process()

    init() throws {
        port = try Spawn.freePort()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("web-test-server.py").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, String(port)]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // The script prints "ready" once it listens.
        _ = out.fileHandleForReading.availableData
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// How many GETs `path` has had.
    func count(_ path: String) throws -> Int {
        Int(String(decoding: try Data(contentsOf: URL(string: url("/count" + path))!), as: UTF8.self)) ?? -1
    }
}
