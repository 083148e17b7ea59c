import Foundation
@testable import ReelAPI
import XCTest

/// The route table against the API's own description and its admission rules.
final class RouteTableTests: XCTestCase {
    /// Every (method, path) openapi.yaml documents has a row, and every row (but the console's
    /// files, which are not the API) is documented: the table and the document cannot drift.
    func testTheTableIsTheDocumentedAPI() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        var documented = Set<String>()
        var inPaths = false, path = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("paths:") { inPaths = true; continue }
            if inPaths, let first = line.first, first != " " { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") { path = String(line.dropFirst(2).dropLast()) }
            for method in ["get", "post", "put", "delete"] where line == "    \(method):" {
                documented.insert(method.uppercased() + " " + Self.normalised(path))
            }
        }
        let routed = Set(RouteTable.rows.filter { !$0.pattern.text.hasPrefix("/console") }.map { $0.method + " " + Self.normalised($0.pattern.text) })
        XCTAssertGreaterThan(documented.count, 25, "the document's paths were read")
        XCTAssertEqual(routed.subtracting(documented).sorted(), [], "routes openapi.yaml does not describe")
        XCTAssertEqual(documented.subtracting(routed).sorted(), [], "documented operations no route answers")
    }

    /// `{id}`, `{job_}`, `{name}` alike.
    static func normalised(_ path: String) -> String {
        path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
    }

    /// Patterns match whole segments: ids must be non-empty, `{name?}` may be empty, nothing more or less.
    func testPatternsMatchWholeSegments() {
        XCTAssertEqual(RouteTable.match("/v1/jobs/job_X/cancel")?.values, ["job_X"])
        XCTAssertEqual(RouteTable.match("/v1/jobs/job_X/cancel")?.resource.name, "job_cancel")
        XCTAssertEqual(RouteTable.match("/v1/jobs/job_X/output/seg-1.m4s")?.values, ["job_X", "seg-1.m4s"])
        XCTAssertNil(RouteTable.match("/v1/jobs/"), "an empty id is no job")
        XCTAssertNil(RouteTable.match("/v1/jobs/job_X/cancel/more"))
        XCTAssertNil(RouteTable.match("/v1/job"))
        XCTAssertNil(RouteTable.match("/"))
        XCTAssertEqual(RouteTable.match("/console/")?.values, [""], "the console's page")
        XCTAssertEqual(RouteTable.match("/console")?.resource.name, "console")
        XCTAssertEqual(RouteTable.match("/v1/jobs")?.resource.allow, "GET, HEAD, POST, OPTIONS")
        XCTAssertEqual(RouteTable.match("/v1/jobs/job_X")?.resource.allow, "GET, HEAD, DELETE, OPTIONS")
    }

    /// Each path has one name in metrics, whichever method; and a row per (method, path).
    func testOneNameAPathAndOneRowAMethod() {
        for resource in RouteTable.resources {
            XCTAssertEqual(Set(resource.rows.map(\.name)).count, 1, resource.pattern.text)
            XCTAssertEqual(Set(resource.rows.map(\.method)).count, resource.rows.count, resource.pattern.text)
        }
        XCTAssertTrue(RoutePattern.isWellFormed("job_01ARZ3NDEKTSV4RRFFQ69G5FAV", prefix: "job_"))
        XCTAssertFalse(RoutePattern.isWellFormed("job_01ARZ3NDEKTSV4RRFFQ69G5FAI", prefix: "job_"), "I is not a ULID character")
        XCTAssertFalse(RoutePattern.isWellFormed("tpl_01ARZ3NDEKTSV4RRFFQ69G5FAV", prefix: "job_"))
    }
}
