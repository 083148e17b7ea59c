import Foundation
import TestSupport
import XCTest

/// The TypeScript client (clients/js): its spec types current with the JSON Schema
/// (`scripts/ts_spec_types.py --check`), its types checked by Debian's `tsc` (strict, no unused
/// names) while it is compiled, the spec types' own checks compiled (`clients/js/test`: valid specs
/// compile, each misspelt member or wrong type is an expected error), then its tests run by Debian's
/// Node (`node --test`, no dependency) against a real `reel serve` with a key: upload (bytes, a path,
/// streams; 400 MB in bounded memory), render with progress, download (whole, to a file, to streams;
/// ffprobe), retries through a proxy that loses a submit's answer (one job) and answers 503/429, a
/// 422 at its pointer, a cancelled job, validate, probe, preview, waveform, the schema, templates,
/// batches, listings page after page and the key's events stream.
final class JSClientTests: XCTestCase {
    func testTheClientAgainstARealServer() throws {
        let root = NSTemporaryDirectory() + "reel-js-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let repo = PythonClientTests.repo
        let (compiled, log) = try PythonClientTests.run("/usr/bin/tsc", ["-p", repo + "/clients/js", "--outDir", root + "/dist"])
        XCTAssertEqual(compiled, 0, "tsc: \(log)")
        let (typed, typeLog) = try PythonClientTests.run("/usr/bin/tsc", ["-p", repo + "/clients/js/test"])
        XCTAssertEqual(typed, 0, "tsc -p clients/js/test: \(typeLog)")
        let (current, staleLog) = try PythonClientTests.run("/usr/bin/python3", [repo + "/scripts/ts_spec_types.py", "--check"])
        XCTAssertEqual(current, 0, "clients/js/src/spec.ts: \(staleLog)")
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
        XCTAssertTrue(output.contains("# pass 9"), output)
        XCTAssertTrue(output.contains("# fail 0"), output)
    }

    /// `npm pack` makes the package from the built client, which installs offline into a project of
    /// its own (no registry: it has no dependency) and imports there, versioned with the API
    /// (openapi.yaml's `info.version`).
    func testThePackagePacksAndInstallsOffline() throws {
        let root = NSTemporaryDirectory() + "reel-npm-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let copy = root + "/client"
        try FileManager.default.copyItem(atPath: PythonClientTests.repo + "/clients/js", toPath: copy)
        let (compiled, log) = try PythonClientTests.run("/usr/bin/tsc", ["-p", copy])
        XCTAssertEqual(compiled, 0, "tsc: \(log)")
        let offline = ["npm_config_offline": "true", "npm_config_audit": "false", "npm_config_fund": "false",
                       "npm_config_update_notifier": "false", "npm_config_cache": root + "/cache", "HOME": root]
        let (packed, packLog) = try PythonClientTests.run("/usr/bin/env", ["npm", "pack", "--pack-destination", root], env: offline, cwd: copy)
        XCTAssertEqual(packed, 0, packLog)
        let openapi = try String(contentsOfFile: PythonClientTests.repo + "/openapi.yaml", encoding: .utf8)
        let version = try XCTUnwrap(openapi.firstMatch(of: /\n  version: ([0-9.]+)\n/)?.1).description
        let tarball = root + "/reel-client-\(version).tgz"
        XCTAssertTrue(FileManager.default.fileExists(atPath: tarball), "versioned with the API: \(packLog)")
        let project = root + "/project"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try Data(#"{ "name": "uses-reel", "version": "0.0.0", "private": true, "type": "module" }"#.utf8)
            .write(to: URL(fileURLWithPath: project + "/package.json"))
        let (installed, installLog) = try PythonClientTests.run("/usr/bin/env", ["npm", "install", tarball], env: offline, cwd: project)
        XCTAssertEqual(installed, 0, installLog)
        let (ran, out) = try PythonClientTests.run("/usr/bin/env", ["node", "--input-type=module", "-e",
                                                                    "import { Reel } from 'reel-client'; console.log(typeof Reel, typeof new Reel('http://127.0.0.1:1').submit)"],
                                                   cwd: project)
        XCTAssertEqual(ran, 0, out)
        XCTAssertEqual(out.trimmingCharacters(in: .whitespacesAndNewlines), "function function")
    }
}
