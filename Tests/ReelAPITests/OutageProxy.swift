import Foundation
import XCTest

/// A TCP proxy on a loopback port in front of the tests' S3 server (`outage-proxy.py` in
/// TestSupport, sharing no code with Reel) that can be taken down and brought back: `down()` closes
/// its listening socket and every connection through it (a client then finds the port refusing, as
/// with a stopped server), `up()` listens again on the same port. Each returns once the proxy is done.
final class OutageProxy {

    let port: Int
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(upstream: Int) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TestSupport/outage-proxy.py").path
        process.arguments = ["python3", script, String(upstream)]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        port = try XCTUnwrap(Int(Self.readLine(output)), "the proxy printed its port")
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// Refuses connections and cuts those open, until `up()`.
    func down() throws { try command("down") }

    /// Takes connections again, on the same port.
    func up() throws { try command("up") }

    private func command(_ word: String) throws {
        input.fileHandleForWriting.write(Data((word + "\n").utf8))
        XCTAssertEqual(Self.readLine(output), "done")
    }

    private static func readLine(_ output: Pipe) -> String {
        var line = [UInt8]()
        while let byte = try? output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { line.append(byte) }
        return String(decoding: line, as: UTF8.self)
    }
}
