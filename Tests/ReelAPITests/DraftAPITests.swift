import Foundation
import XCTest

/// `output.draft` through the API: the job says `draft: true`, its output is 480 lines high, the
/// verdict of `POST /v1/validate` gives the draft's size; a job that is not a draft does not say so.
final class DraftAPITests: XCTestCase {
    func testADraftJobSaysSoAndIs480LinesHigh() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let spec = ##"{ "version": 1, "output": { "width": 1280, "height": 720, "frameRate": 10, "draft": true }, "timeline": { "videos": [ { "color": "#2040E0", "duration": 1 } ] } }"##
        let verdict = try c.json("POST", "/v1/validate", spec)
        let output = try XCTUnwrap(verdict.json["output"] as? [String: Any], verdict.text)
        XCTAssertEqual(output["width"] as? Int, 854)
        XCTAssertEqual(output["height"] as? Int, 480)
        XCTAssertEqual(output["draft"] as? Bool, true)
        let (id, job) = try f.succeeded(spec)
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
        XCTAssertEqual(job["draft"] as? Bool, true)
        XCTAssertEqual((try c.request("GET", "/v1/jobs?limit=5").json["jobs"] as? [[String: Any]])?.first?["draft"] as? Bool, true, "in lists too")
        let file = f.root + "/draft.mp4"
        try Data(try c.request("GET", "/v1/jobs/\(id)/output").body).write(to: URL(fileURLWithPath: file))
        let p = Process()
        let out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "stream=width,height", "-of", "csv=p=0", file]
        p.standardOutput = out
        try p.run()
        let size = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        p.waitUntilExit()
        XCTAssertEqual(size, "854,480")

        let (_, plain) = try f.succeeded(##"{ "version": 1, "output": { "width": 64, "height": 48 }, "metadata": { "draft": true }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }"##)
        XCTAssertNil(plain["draft"], "a spec naming draft elsewhere (its metadata) is no draft")
        let refused = try c.json("POST", "/v1/jobs", ##"{ "version": 1, "output": { "format": "gif", "draft": true }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }"##)
        XCTAssertEqual(refused.status, 422)
        XCTAssertEqual((refused.json["errors"] as? [[String: Any]])?.first?["pointer"] as? String, "/output/draft", refused.text)
    }
}
