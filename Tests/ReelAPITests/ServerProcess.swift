import Foundation
import TestSupport
import XCTest

/// A real `reel serve` process on an ephemeral loopback port, for tests that kill or restart it
/// or read its log.
final class ServerProcess {
    let process = Process()
    let port: Int
    private let logBuffer = LogBuffer()

    /// Everything the server wrote to standard error so far (its JSON log lines).
    var log: String { logBuffer.text }

    /// The same, line by line.
    var logLines: [String] { log.split(separator: "\n").map(String.init) }

    final class LogBuffer: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ d: Data) { lock.lock(); data.append(d); lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    }

    /// The `reel` executable built beside the tests.
    static var binary: URL {
        let dir = Bundle.main.bundleURL
        return [dir.appendingPathComponent("reel"), dir.deletingLastPathComponent().appendingPathComponent("reel")]
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }!
    }

    /// This process's environment without any `REEL_*` variable (a developer's exported
    /// `REEL_API_KEYS` would change what the server under test does), plus `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("REEL_") }.merging(extra) { $1 }
    }

    /// Starts `reel serve` in `root` (data and media below it) with `env` added to its environment,
    /// and waits for its "serving" log line.
    init(root: String, env extra: [String: String] = [:]) throws {
        process.executableURL = Self.binary
        process.arguments = ["serve"]
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.environment = Self.environment([
            "REEL_LISTEN": "127.0.0.1:0", "REEL_DATA_DIR": root + "/data", "REEL_MEDIA_ROOT": root + "/media",
            "REEL_LEASE_SECONDS": "1", "REEL_WORKERS": "1",
        ].merging(extra) { $1 })
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The "serving" log line names the bound port.
        var seen = ""
        var found: Int?
        let deadline = Date().addingTimeInterval(60)
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
        // Keep draining the log so the server never blocks on a full pipe, and keep its lines.
        logBuffer.append(Data(seen.utf8))
        let buffer = logBuffer
        err.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty { handle.readabilityHandler = nil } else { buffer.append(chunk) }
        }
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends SIGTERM and polls for the exit; false (after a SIGKILL) when the process is still
    /// running after `seconds`, so a shutdown that hangs fails the test instead of hanging it.
    @discardableResult
    func terminate(within seconds: Double = 60) -> Bool {
        kill(process.processIdentifier, SIGTERM)
        guard Poll.until(seconds: seconds, every: 0.05, { !process.isRunning }) == false else { process.waitUntilExit(); return true }
        kill9()
        return false
    }
}
