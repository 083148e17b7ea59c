import Foundation
import TestSupport
import XCTest

/// The job spec's JSON Schema and its reference (issue 40): both made from openapi.yaml and current
/// (scripts/job_spec_schema.py and scripts/spec_reference.py with `--check`); the schema served at
/// `GET /v1/schema/job-spec.json` without a key; the schema and a real server agreeing on a
/// generated corpus of good and bad specs (Tests/Schema/schema_corpus.py, jsonschema against `POST
/// /v1/validate`); and every whole-spec example of docs/SPEC.md valid for both (its media made here).
final class SchemaTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "reel-schema-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    func testTheSchemaAndTheReferenceAreMadeFromTheAPIsContract() throws {
        for script in ["scripts/job_spec_schema.py", "scripts/spec_reference.py"] {
            let (status, text) = try PythonClientTests.run(PythonClientTests.python, [PythonClientTests.repo + "/" + script, "--check"])
            XCTAssertEqual(status, 0, "\(script): \(text)")
        }
    }

    /// Every JSON example of docs/API.md and docs/SPEC.md valid for the schema (a spec, an overlay or a
    /// video item), Tests/Schema/doc_examples.py.
    func testEveryExampleInTheDocsIsValid() throws {
        let (status, text) = try PythonClientTests.run(PythonClientTests.python, [PythonClientTests.repo + "/Tests/Schema/doc_examples.py",
                                                                                  "docs/API.md", "docs/SPEC.md"])
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains(" 0 problems"), text)
    }

    func testTheServerAndTheSchemaAgreeOnACorpus() throws {
        let key = "schema-key-0123456789abcdef"
        let server = try ServerProcess(root: root, env: ["REEL_API_KEYS": key])
        defer { server.terminate() }
        let c = try TestClient(port: server.port)
        let served = try c.request("GET", "/v1/schema/job-spec.json")
        XCTAssertEqual(served.status, 200, "no key needed: an editor fetches it")
        XCTAssertEqual(served.header("Content-Type"), "application/json")
        let committed = try Data(contentsOf: URL(fileURLWithPath: PythonClientTests.repo + "/docs/job-spec.schema.json"))
        XCTAssertEqual(served.body, [UInt8](committed), "the served schema is docs/job-spec.schema.json")
        let (status, text) = try PythonClientTests.run(PythonClientTests.python, [PythonClientTests.repo + "/Tests/Schema/schema_corpus.py"],
                                                        env: ["REEL_URL": "http://127.0.0.1:\(server.port)", "REEL_KEY": key])
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains(" 0 disagreements"), text)
        // The corpus is large enough to mean something.
        let count = text.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
        XCTAssertGreaterThan(count, 1000, text)
    }

    /// A server with a `publicURL` serves the schema under its own address (`$id`), so an editor's
    /// `"$schema"` and the schema's identity agree; nothing else of the text changes.
    func testTheServedSchemasIdIsTheServersOwnAddress() throws {
        let server = try ServerProcess(root: root, env: ["REEL_PUBLIC_URL": "https://reel.example.com/api"])
        defer { server.terminate() }
        let served = try TestClient(port: server.port).request("GET", "/v1/schema/job-spec.json")
        XCTAssertEqual(served.status, 200)
        XCTAssertEqual(served.json["$id"] as? String, "https://reel.example.com/api/v1/schema/job-spec.json")
        let committed = try String(contentsOfFile: PythonClientTests.repo + "/docs/job-spec.schema.json", encoding: .utf8)
        XCTAssertTrue(committed.contains(#""$id": "urn:reel:job-spec:1""#), "the file's own identity is a name, not an address")
        XCTAssertEqual(served.text, committed.replacingOccurrences(of: #""$id": "urn:reel:job-spec:1""#,
                                                                   with: #""$id": "https://reel.example.com/api/v1/schema/job-spec.json""#))
        let again = try TestClient(port: server.port).request("GET", "/v1/schema/job-spec.json", headers: [("If-None-Match", served.header("ETag") ?? "")])
        XCTAssertEqual(again.status, 304, "its ETag is of the bytes it serves")
    }

    func testTheReferencesExamplesAreValid() throws {
        let key = "schema-key-0123456789abcdef"
        let server = try ServerProcess(root: root, env: ["REEL_API_KEYS": key])
        defer { server.terminate() }
        try FileManager.default.createDirectory(atPath: root + "/media/clips", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/media/audio", withIntermediateDirectories: true)
        try Spawn.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=64x48:r=25:d=8", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                                          root + "/media/clips/arrival.mp4"])
        try Spawn.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=8", "-c:a", "aac", root + "/media/audio/bed.m4a"])
        let spec = try String(contentsOfFile: PythonClientTests.repo + "/docs/SPEC.md", encoding: .utf8)
        let blocks = spec.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        XCTAssertGreaterThanOrEqual(blocks.count, 2)
        let c = try TestClient(port: server.port, key: key)
        for block in blocks {
            let verdict = try c.json("POST", "/v1/validate", block)
            XCTAssertEqual(verdict.status, 200, verdict.text)
            XCTAssertEqual(verdict.json["valid"] as? Bool, true, "\(block)\n\(verdict.text)")
        }
    }
}
