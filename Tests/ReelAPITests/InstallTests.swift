import Foundation
import XCTest

/// `make install` and `make uninstall` (README, Quick start): `reel` at $(DESTDIR)$(PREFIX)/bin,
/// runnable from there, and gone again; the binary this suite built (REEL_BIN: a `swift build`
/// inside `swift test` would wait for the build folder's lock).
final class InstallTests: XCTestCase {
    func testMakeInstallPutsReelUnderThePrefixAndUninstallRemovesIt() throws {
        let root = NSTemporaryDirectory() + "reel-install-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let args = ["REEL_BIN=\(ServerProcess.binary.path)", "PREFIX=/opt/reel", "DESTDIR=\(root)"]
        let (installed, log) = try PythonClientTests.run("/usr/bin/make", ["-C", PythonClientTests.repo, "install"] + args)
        XCTAssertEqual(installed, 0, log)
        let reel = root + "/opt/reel/bin/reel"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: reel), log)
        let (status, help) = try PythonClientTests.run(reel, ["--help"])
        XCTAssertEqual(status, 0, help)
        XCTAssertTrue(help.contains("serve") && help.contains("render"), help)
        let (removed, out) = try PythonClientTests.run("/usr/bin/make", ["-C", PythonClientTests.repo, "uninstall"] + args)
        XCTAssertEqual(removed, 0, out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: reel))
    }
}
