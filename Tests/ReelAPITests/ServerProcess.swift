import Foundation
import XCTest

/// A real `reel serve` process on an ephemeral loopback port, for tests that kill or restart it.
final class ServerProcess {
    let process = Process()
    let port: Int
    private let log = LogBuffer()

    /// Everything the server wrote to standard error so far, line by line.
    var logLines: [String] { log.text.split(separator: "\n").map(String.init) }

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

    /// Starts `reel serve` in `root` (data and media below it) with `env` added to its environment,
    /// and waits for its "serving" log line.
    init(root: String, env extra: [String: String] = [:]) throws {
        process.executableURL = Self.binary
        process.arguments = ["serve"]
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        var env = ProcessInfo.processInfo.environment
        env["REEL_LISTEN"] = "127.0.0.1:0"
        env["REEL_DATA_DIR"] = root + "/data"
        env["REEL_MEDIA_ROOT"] = root + "/media"
        env["REEL_LEASE_SECONDS"] = "1"
        env["REEL_WORKERS"] = "1"
        env.merge(extra) { $1 }
        process.environment = env
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
        log.append(Data(seen.utf8))
        let log = self.log
        err.fileHandleForReading.readabilityHandler = { log.append($0.availableData) }
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
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard process.isRunning else { process.waitUntilExit(); return true }
        kill9()
        return false
    }
}
