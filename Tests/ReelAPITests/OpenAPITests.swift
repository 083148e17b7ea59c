import Foundation
import ReelSpec
import XCTest

/// openapi.yaml is valid OpenAPI 3.1 and its job examples pass the server's own validation (a
/// template request has the shape the server reads).
final class OpenAPITests: XCTestCase {
    var repoRoot: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    func testDocumentValidatesAndEveryJobExampleIsAValidSpec() throws {
        let venv = repoRoot.appendingPathComponent(".build/pyvenv/bin/python").path
        let python = FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/env"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = (python == venv ? [] : ["python3"]) + [repoRoot.appendingPathComponent("scripts/openapi_examples.py").path,
                                                             repoRoot.appendingPathComponent("openapi.yaml").path]
        // stderr goes to a file, not a second pipe: while this thread reads stdout to its end, a
        // child blocked writing a full stderr pipe would never close stdout.
        let errPath = NSTemporaryDirectory() + "reel-openapi-\(UUID().uuidString).stderr"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)  // the handle below throws when it is not there
        defer { try? FileManager.default.removeItem(atPath: errPath) }
        let errFile = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let out = Pipe()
        p.standardOutput = out
        p.standardError = errFile
        try p.run()
        try errFile.close()  // the child writes through its own descriptor
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let errText = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        XCTAssertEqual(p.terminationStatus, 0, "openapi.yaml does not validate: \(errText)")
        let examples = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(examples.count, 3)
        for ex in examples {
            // A job from a template is a template id and merge values, not a spec.
            if let request = ex["value"] as? [String: Any], request["template"] != nil {
                XCTAssertTrue(request["template"] is String && Set(request.keys).isSubset(of: ["template", "merge"]), "example \(ex["name"] ?? "?")")
                continue
            }
            let body = try JSONSerialization.data(withJSONObject: try XCTUnwrap(ex["value"]))
            if case .failure(let problems) = SpecDecoder.decode(Array(body)) {
                XCTFail("example \(ex["name"] ?? "?") is not a valid spec: \(problems)")
            }
        }
    }
}
