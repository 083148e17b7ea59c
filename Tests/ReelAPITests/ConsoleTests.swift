import Foundation
import TestSupport
import XCTest

/// The web console (`/console/`) in a real browser: Tests/Browser/test_console.py drives Debian's
/// Chromium (headless) through chromedriver with Selenium against a real `reel serve` with a key:
/// sign-in, a job's progress bar moving to 100 % over the events stream, its output playing
/// (`readyState` ≥ 2 and `currentTime` advancing) with its thumbnails, an HLS output playing, an invalid spec's problems
/// at their pointers, a submit, an upload through the file input, the keyboard's skip link, a
/// phone's width, and no error in the browser's console. Screenshots: .build/console-artefacts.
/// The files themselves: their headers (the Content-Security-Policy) and caching.
final class ConsoleTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "reel-console-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    func testTheConsoleInChromium() throws {
        let key = "console-key-0123456789abcdef"
        let server = try ServerProcess(root: root, env: ["REEL_API_KEYS": key])
        defer { server.terminate() }
        // And one without keys, where the console has nothing to sign out of and no keys to manage.
        try FileManager.default.createDirectory(atPath: root + "/open/media", withIntermediateDirectories: true)
        let open = try ServerProcess(root: root + "/open", env: [:])
        defer { open.terminate() }
        try Spawn.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=160x120:r=25:d=2", "-c:v", "libx264",
                                          "-pix_fmt", "yuv420p", root + "/clip.mp4"])
        let artefacts = PythonClientTests.repo + "/.build/console-artefacts"
        try? FileManager.default.removeItem(atPath: artefacts)
        try FileManager.default.createDirectory(atPath: artefacts, withIntermediateDirectories: true)
        let (status, text) = try PythonClientTests.run(PythonClientTests.python, ["-m", "unittest", "-v", PythonClientTests.repo + "/Tests/Browser/test_console.py"],
                                                        env: ["REEL_URL": "http://127.0.0.1:\(server.port)", "REEL_KEY": key,
                                                              "REEL_OPEN_URL": "http://127.0.0.1:\(open.port)", "REEL_TEST_CLIP": root + "/clip.mp4", "REEL_ARTEFACTS": artefacts, "HOME": root])
        XCTAssertEqual(status, 0, UnittestReport.failures(in: text) + "\n" + text)
        XCTAssertTrue(text.contains("Ran 4 tests"), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: artefacts + "/03-job.png"), "screenshots saved")
    }

    func testTheFilesComeWithAStrictPolicyAndNeedNoKey() throws {
        let f = try ServiceFixture(keys: ["console-key-0123456789abcdef"])
        let c = try TestClient(port: f.port)
        let page = try c.request("GET", "/console/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
        let policy = try XCTUnwrap(page.header("Content-Security-Policy"))
        for directive in ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"] {
            XCTAssertTrue(policy.contains(directive), policy)
        }
        XCTAssertFalse(policy.contains("unsafe"), policy)
        XCTAssertEqual(page.header("X-Content-Type-Options"), "nosniff")
        XCTAssertFalse(page.text.contains("<script>"), "no inline script (the policy would refuse it)")
        XCTAssertFalse(page.text.contains("style=\""), "no inline style")
        let script = try c.request("GET", "/console/js/app.js")
        XCTAssertEqual(script.header("Content-Type"), "text/javascript; charset=utf-8")
        let etag = try XCTUnwrap(script.header("ETag"))
        XCTAssertEqual(try c.request("GET", "/console/js/app.js", headers: [("If-None-Match", etag)]).status, 304)
        XCTAssertEqual(try c.request("GET", "/console/css/console.css").status, 200)
        XCTAssertEqual(try c.request("GET", "/console/nothing.js").status, 404)
        XCTAssertEqual(try c.request("GET", "/v1/jobs").status, 401, "the API behind it still needs the key")
    }
}
