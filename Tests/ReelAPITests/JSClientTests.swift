import Foundation
import TestSupport
import XCTest

/// The TypeScript client (clients/js): its types checked by Debian's `tsc` (strict, no unused names)
/// while it is compiled, then its tests run by Debian's Node (`node --test`, no dependency) against
/// a real `reel serve` with a key: upload, render with progress, download (ffprobe), a 422 at its
/// pointer, a cancelled job, validate, probe, preview, waveform, the schema, templates, batches,
/// listings page after page and the key's events stream.
final class JSClientTests: XCTestCase {
    func testTheClientAgainstARealServer() throws {
        let root = NSTemporaryDirectory() + "reel-js-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let repo = PythonClientTests.repo
        let (compiled, log) = try PythonClientTests.run("/usr/bin/tsc", ["-p", repo + "/clients/js", "--outDir", root + "/dist"])
        XCTAssertEqual(compiled, 0, "tsc: \(log)")
        let key = "js-key-0123456789abcdef"
        let server = try ServerProcess(root: root, env: ["REEL_API_KEYS": key])
        defer { server.terminate() }
        try Spawn.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=160x120:r=25:d=2", "-f", "lavfi", "-i",
                                          "sine=frequency=440:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac",
                                          "-shortest", root + "/clip.mp4"])
        let (status, output) = try PythonClientTests.run("/usr/bin/node", ["--test", repo + "/clients/js/test/client.test.mjs"],
                                                          env: ["REEL_URL": "http://127.0.0.1:\(server.port)", "REEL_KEY": key,
                                                                "REEL_TEST_CLIP": root + "/clip.mp4", "REEL_CLIENT_JS": root + "/dist/reel.js"])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("# pass 5"), output)
        XCTAssertTrue(output.contains("# fail 0"), output)
    }
}
