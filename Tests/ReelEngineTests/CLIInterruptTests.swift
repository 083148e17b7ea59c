import Foundation
import TestSupport
import XCTest

/// `reel render` as a person uses it: progress with elapsed time, ETA and speed; Ctrl-C says
/// "cancelled" and leaves nothing; a second Ctrl-C quits at once.
final class CLIInterruptTests: XCTestCase {
    /// A render that takes far longer than any test waits.
    let long = ##"{ "version": 1, "output": { "width": 1280, "height": 720, "video": { "preset": "medium" } }, "timeline": { "videos": [ { "color": "#0000FF", "duration": 600 } ] } }"##

    func testProgressShowsElapsedETAAndSpeed() throws {
        let ws = try Workspace()
        let spec = try ws.spec(##"{ "version": 1, "output": { "width": 64, "height": 64 }, "timeline": { "videos": [ { "color": "#00FF00", "duration": 2 } ] } }"##)
        let r = try Tools.run(Tools.reelBinary, ["render", spec, "-o", ws.path("out.mp4"), "--progress"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let last = try XCTUnwrap(r.stderr.split(separator: "\n").last { $0.hasPrefix("progress 100%") }, r.stderr)
        XCTAssertNotNil(last.range(of: #"^progress 100% elapsed \d+:\d\d eta 0:00 speed \d+\.\dx$"#, options: .regularExpression), String(last))
    }

    func testCtrlCCancelsAndASecondOneQuitsAtOnce() throws {
        let ws = try Workspace()
        let spec = try ws.spec(long)
        for presses in [1, 2] {
            let out = ws.path("out\(presses).mp4")
            let (p, stderr) = try start(["render", spec, "-o", out, "--progress"])
            try waitForProgress(stderr)
            kill(p.processIdentifier, SIGINT)
            if presses == 2 {
                // The second press once the first has been taken (it says so), so the two are not one.
                XCTAssertTrue(Poll.until(seconds: 20) { stderr.text.contains("Ctrl-C again") }, stderr.text)
                kill(p.processIdentifier, SIGINT)
            }
            XCTAssertTrue(Poll.until(seconds: 20) { !p.isRunning }, "reel render did not stop")
            if p.isRunning { p.terminate(); p.waitUntilExit(); continue }
            XCTAssertEqual(p.terminationStatus, 130)
            XCTAssertEqual(p.terminationReason, .exit, "an exit, not a signal death")
            let text = stderr.text
            XCTAssertTrue(text.contains("render cancelled"), text)
            XCTAssertFalse(text.contains("failed"), text)
            if presses == 2 { XCTAssertTrue(text.contains("Ctrl-C again"), text) }
            let left = (try FileManager.default.contentsOfDirectory(atPath: ws.path("."))).filter { $0.contains("out\(presses)") }
            XCTAssertEqual(left, [], "no output or partial file")
        }
    }

    /// Collects a child's standard error as it arrives.
    final class StandardError: Sendable {
        private let bytes = Collected<UInt8>()
        func append(_ d: Data) { bytes.append(contentsOf: [UInt8](d)) }
        var text: String { String(decoding: bytes.all, as: UTF8.self) }
    }

    func start(_ args: [String]) throws -> (Process, StandardError) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tools.reelBinary)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        let collected = StandardError()
        err.fileHandleForReading.readabilityHandler = { collected.append($0.availableData) }
        try p.run()
        return (p, collected)
    }

    func waitForProgress(_ stderr: StandardError) throws {
        XCTAssertTrue(Poll.until(seconds: 30) { stderr.text.contains("progress 0%") }, stderr.text)
    }
}
