import Foundation
import TestSupport
import XCTest

/// The timeline editor as a designer uses it, in Debian's Chromium at 1366×768
/// (Tests/Browser/test_editor.py, Selenium, against a real `reel serve` with a key): a 15 s clip made
/// with the mouse and again with the keyboard alone, each render compared with the same spec written
/// by hand (decoded pictures and samples identical); undo and redo over fifty edits made through the
/// page; the timeline's craft (split, snapping, multi-select, copy and paste, keyframes, zoom to fit,
/// the end marker) and the canvas's handles; thirty playhead positions whose previews are the
/// source's own frames. Screenshots and
/// outputs: .build/editor-artefacts.
final class EditorTests: XCTestCase {
    func testTheEditorInChromium() throws {
        let root = NSTemporaryDirectory() + "reel-editor-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/fixtures", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let key = "editor-key-0123456789abcdef"
        let server = try ServerProcess(root: root, env: ["REEL_API_KEYS": key, "REEL_WORKERS": "2"])
        defer { server.terminate() }
        let artefacts = PythonClientTests.repo + "/.build/editor-artefacts"
        try? FileManager.default.removeItem(atPath: artefacts)
        try FileManager.default.createDirectory(atPath: artefacts, withIntermediateDirectories: true)
        let (status, text) = try PythonClientTests.run(PythonClientTests.python, ["-m", "unittest", "-v", PythonClientTests.repo + "/Tests/Browser/test_editor.py"],
                                                        env: ["REEL_URL": "http://127.0.0.1:\(server.port)", "REEL_KEY": key, "REEL_FIXTURES": root + "/fixtures",
                                                              "REEL_ARTEFACTS": artefacts, "HOME": root])
        XCTAssertEqual(status, 0, UnittestReport.failures(in: text) + "\n" + text)
        XCTAssertTrue(text.contains("Ran 5 tests"), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: artefacts + "/editor-keyboard.png"), "screenshots saved")
    }
}
