import Foundation
import TestSupport
import XCTest

/// The console's code as code (console/): scripts/console_check.sh checks that the copy built into
/// the binary (`ConsoleFiles.swift`) is what the folder holds, lints every module with Debian's
/// ESLint, and runs the unit tests under console/test with Node's test runner (the undo stack over
/// fifty edits, exact time read by the same table as the Swift `TimeParser`, schema-to-control
/// mapping over the real JSON Schema, snapping, transitions kept on removal, the canvas's units).
/// And the server hands out exactly those files.
final class ConsoleCodeTests: XCTestCase {
    func testTheConsoleIsLintedUnitTestedAndBuiltInAsItIs() throws {
        let (status, text) = try PythonClientTests.run("/bin/bash", [PythonClientTests.repo + "/scripts/console_check.sh"], env: [:])
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains("matches console/"), text)
        XCTAssertTrue(text.contains("eslint: console/js and console/test clean"), text)
        let passed = text.components(separatedBy: "\n").first { $0.hasPrefix("# pass ") }.flatMap { Int($0.dropFirst(7)) } ?? 0
        XCTAssertGreaterThanOrEqual(passed, 20, text)
        XCTAssertTrue(text.contains("\n# fail 0"), text)
    }

    func testTheServerServesEachFileOfTheFolder() throws {
        let f = try ServiceFixture(keys: [])
        let c = try TestClient(port: f.port)
        let folder = URL(fileURLWithPath: PythonClientTests.repo + "/console")
        for path in ["index.html", "icon.svg", "css/console.css", "js/app.js", "js/editor/page.js", "js/editor/time.js", "js/pages/jobs.js"] {
            let r = try c.request("GET", "/console/" + path)
            XCTAssertEqual(r.status, 200, path)
            XCTAssertEqual(r.body, [UInt8](try Data(contentsOf: folder.appendingPathComponent(path))), "\(path) as the folder holds it")
        }
        XCTAssertEqual(try c.request("GET", "/console/js/editor/time.js").header("Content-Type"), "text/javascript; charset=utf-8")
        XCTAssertEqual(try c.request("GET", "/console/").body, [UInt8](try Data(contentsOf: folder.appendingPathComponent("index.html"))))
        for missing in ["test/time.test.js", ".eslintrc.json", "README.md", "js/nothing.js", "js/editor/../app.js", "a/b/c/d.js"] {
            XCTAssertEqual(try c.request("GET", "/console/" + missing).status, 404, missing)
        }
    }
}
