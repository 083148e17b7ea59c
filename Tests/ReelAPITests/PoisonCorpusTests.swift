import Foundation
import TestSupport
import XCTest

/// The inputs that took the server down or starved it before renders were isolated (issue 54),
/// kept as a corpus in Tests/Corpus/poison (specs, the Lottie files they name, and what each
/// must be answered: `expected.json`). Each is judged at submission, at its pointer, or renders;
/// the server answers its health check after every one.
final class PoisonCorpusTests: XCTestCase {
    private struct Case: Decodable {
        let spec: String
        let status: Int
        let pointer: String?
        let contains: String?
    }

    private static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/poison").path

    func testEveryPoisonInputIsRefusedAtItsPointerOrRenders() throws {
        let f = try ServiceFixture(env: ["REEL_CHUNK_SECONDS": "0"])
        let c = try f.client()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus)
        for name in files where name.hasPrefix("lottie-") {
            try FileManager.default.copyItem(atPath: Self.corpus + "/" + name, toPath: f.root + "/media/" + name)
        }
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/expected.json")))
        XCTAssertGreaterThanOrEqual(cases.count, 7)
        for item in cases {
            let spec = try String(contentsOfFile: Self.corpus + "/" + item.spec, encoding: .utf8)
            let validated = try c.json("POST", "/v1/validate", spec)
            XCTAssertEqual(validated.status, 200, "\(item.spec): \(validated.text)")
            let r = try c.json("POST", "/v1/jobs", spec)
            if item.status == 422 {
                XCTAssertEqual(r.status, 422, "\(item.spec): \(r.text)")
                let errors = (r.json["errors"] as? [[String: Any]]) ?? []
                let at = errors.filter { $0["pointer"] as? String == item.pointer }
                XCTAssertFalse(at.isEmpty, "\(item.spec): no problem at \(item.pointer ?? "") in \(r.text)")
                XCTAssertTrue(at.contains { ($0["detail"] as? String ?? $0["message"] as? String ?? "").contains(item.contains ?? "") },
                              "\(item.spec): \(r.text)")
                XCTAssertEqual(validated.json["valid"] as? Bool, false, "\(item.spec)")
            } else {
                XCTAssertEqual(validated.json["valid"] as? Bool, true, "\(item.spec): \(validated.text)")
                XCTAssertEqual(r.status, 202, "\(item.spec): \(r.text)")
                let id = try XCTUnwrap(r.json["id"] as? String)
                let done = try f.waitForJob(id, timeout: 120) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
                XCTAssertEqual(done["status"] as? String, "succeeded", "\(item.spec): \(done)")
            }
            XCTAssertEqual(try c.request("GET", "/healthz").status, 200, "after \(item.spec)")
        }
    }
}
