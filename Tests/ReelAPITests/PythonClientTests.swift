import Foundation
import TestSupport
import XCTest

/// The official Python client (clients/python) installed as a package (`pip install`, into a
/// folder of this test) and run against a real `reel serve`: its own unittest suite
/// (clients/python/tests) uploads, renders with progress, downloads and checks with ffprobe, and
/// uses the generated layer, checks the typed spec models, retries through a proxy that loses an
/// answer (one job made), uploads 400 MB in bounded memory; and the committed generated layer is
/// what generate.sh makes from openapi.yaml now, and reel/spec.py what generate_spec.py makes from
/// docs/job-spec.schema.json, with no generator warning.
final class PythonClientTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let python = repo + "/.build/pyvenv/bin/python"
    var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "reel-python-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    /// Runs `tool` with `args`; its exit status and everything it printed.
    static func run(_ tool: String, _ args: [String], env: [String: String] = [:], cwd: String? = nil) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    func testTheClientsSuiteAgainstARealServer() throws {
        let key = "python-key-0123456789abcdef"
        let server = try ServerProcess(root: root, env: ["REEL_API_KEYS": key])
        defer { server.terminate() }
        try Spawn.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=160x120:r=25:d=2", "-c:v", "libx264",
                                          "-pix_fmt", "yuv420p", root + "/clip.mp4"])
        // Installed as a user would, from a copy (pip builds in the source folder).
        let copy = root + "/client"
        try FileManager.default.copyItem(atPath: Self.repo + "/clients/python", toPath: copy)
        let (installed, log) = try Self.run(Self.python, ["-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                                                      "--target", root + "/site", copy])
        XCTAssertEqual(installed, 0, log)
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        let (status, output) = try Self.run(Self.python, ["-m", "unittest", "discover", "-v", "-s", Self.repo + "/clients/python/tests"],
                                       env: ["PYTHONPATH": root + "/site", "REEL_URL": "http://127.0.0.1:\(server.port)", "REEL_KEY": key,
                                             "REEL_TEST_CLIP": root + "/clip.mp4", "REEL_TEST_DIR": root + "/out"],
                                       cwd: root)
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("Ran 14 tests"), output)
        XCTAssertTrue(output.contains("\nOK"), output)
    }

    func testTheGeneratedLayerIsCurrentAndWarningFree() throws {
        let (status, output) = try Self.run("/bin/bash", [Self.repo + "/clients/python/generate.sh", root + "/generated"])
        XCTAssertEqual(status, 0, "openapi-python-client --fail-on-warning: \(output)")
        let (same, diff) = try Self.run("/usr/bin/diff", ["-r", "-x", "__pycache__", Self.repo + "/clients/python/reel_client", root + "/generated"])
        XCTAssertEqual(same, 0, "clients/python/reel_client is not what generate.sh makes from openapi.yaml now; run it and commit:\n\(diff.prefix(4000))")
    }

    /// The client ships as a wheel that installs offline (no index, no network: its dependencies are
    /// the environment's) and imports, versioned with the API (openapi.yaml's `info.version`, which
    /// `reel --version` prints too).
    func testTheWheelInstallsOfflineAndIsVersionedWithTheAPI() throws {
        let copy = root + "/client"
        try FileManager.default.copyItem(atPath: Self.repo + "/clients/python", toPath: copy)
        let (built, log) = try Self.run(Self.python, ["-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
                                                      "-w", root + "/dist", copy])
        XCTAssertEqual(built, 0, log)
        let wheels = try FileManager.default.contentsOfDirectory(atPath: root + "/dist").filter { $0.hasSuffix(".whl") }
        XCTAssertEqual(wheels.count, 1, "\(wheels)")
        let openapi = try String(contentsOfFile: Self.repo + "/openapi.yaml", encoding: .utf8)
        let version = try XCTUnwrap(openapi.firstMatch(of: /\n  version: ([0-9.]+)\n/)?.1).description
        XCTAssertEqual(wheels.first, "reel_client-\(version)-py3-none-any.whl", "versioned with the API")
        let (installed, out) = try Self.run(Self.python, ["-m", "pip", "install", "--quiet", "--no-index", "--no-deps", "--target", root + "/site",
                                                          root + "/dist/" + (wheels.first ?? "")], env: ["PIP_NO_INDEX": "1"])
        XCTAssertEqual(installed, 0, out)
        let (imported, text) = try Self.run(Self.python, ["-c", "import reel, importlib.metadata as m; print(m.version('reel-client'), reel.JobSpec.__name__)"],
                                            env: ["PYTHONPATH": root + "/site"], cwd: root)
        XCTAssertEqual(imported, 0, text)
        XCTAssertEqual(text.trimmingCharacters(in: .whitespacesAndNewlines), "\(version) JobSpec")
    }

    /// reel.JobSpec and its models are generated from the job spec's schema (datamodel-code-generator,
    /// pinned, any warning an error): the committed reel/spec.py is what the script makes now.
    func testTheGeneratedSpecModelsAreCurrentAndWarningFree() throws {
        let (status, output) = try Self.run(Self.python, [Self.repo + "/clients/python/generate_spec.py", root + "/spec.py"])
        XCTAssertEqual(status, 0, "generate_spec.py: \(output)")
        let (same, diff) = try Self.run("/usr/bin/diff", [Self.repo + "/clients/python/reel/spec.py", root + "/spec.py"])
        XCTAssertEqual(same, 0, "clients/python/reel/spec.py is not what generate_spec.py makes from docs/job-spec.schema.json now; run it and commit:\n\(diff.prefix(4000))")
    }
}
