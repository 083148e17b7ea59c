import Foundation
import TestSupport
import XCTest

/// The templates of examples/ (docs/API.md, templates), what a new user starts from. Their media is
/// made by scripts/example_media.sh under a server's media root; scripts/examples_check.py checks
/// each document and merges its defaults as the server does. Each example is then stored through the
/// API as a template (every declaration accepted), validated from a merge that gives nothing (every
/// placeholder takes its default, the spec planned at its real size with its sources probed), a
/// frame drawn at its real size through the template (`POST /v1/preview`), and the whole example
/// rendered as a draft (480 lines: the debug build renders the ten in minutes, not an hour; the HLS
/// trailer, which has no draft, at its size), its
/// output probed by ffprobe for the length the server's verdict gave, or, for the HLS trailer, a
/// master playlist naming its renditions.
final class ExamplesTests: XCTestCase {
    static let repo = PythonClientTests.repo

    func testEveryExampleIsStoredValidatedDrawnAndRendered() throws {
        let f = try ServiceFixture(workers: 2)
        try Spawn.run("/bin/bash", [Self.repo + "/scripts/example_media.sh", f.root + "/media"])
        let merged = f.root + "/merged"
        let (checked, log) = try PythonClientTests.run(PythonClientTests.python, [Self.repo + "/scripts/examples_check.py", merged,
                                                                                 "--media", f.root + "/media"])
        XCTAssertEqual(checked, 0, log)
        let slugs = try FileManager.default.contentsOfDirectory(atPath: merged).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertGreaterThanOrEqual(slugs.count, 10, "ten examples at least: \(slugs)")
        let c = try f.client()
        var drafts: [(slug: String, id: String, duration: Double, format: String)] = []
        for slug in slugs {
            let file = try String(contentsOfFile: Self.repo + "/examples/\(slug).json", encoding: .utf8)
            let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(file.utf8)) as? [String: Any], slug)
            // The file as it is is what POST /v1/templates takes.
            let stored = try c.json("POST", "/v1/templates", file)
            XCTAssertEqual(stored.status, 201, "\(slug): \(stored.text)")
            XCTAssertEqual(stored.json["description"] as? String, doc["description"] as? String, slug)
            let id = try XCTUnwrap(stored.json["id"] as? String, slug)
            XCTAssertEqual(Set((stored.json["placeholders"] as? [String: Any] ?? [:]).keys),
                           Set((doc["placeholders"] as? [String: Any] ?? [:]).keys), "\(slug): every placeholder declared")
            let verdict = try c.json("POST", "/v1/validate", #"{ "template": "\#(id)", "merge": {} }"#)
            XCTAssertEqual(verdict.json["valid"] as? Bool, true, "\(slug): \(verdict.text)")
            let output = try XCTUnwrap(verdict.json["output"] as? [String: Any], "\(slug): \(verdict.text)")
            let duration = try XCTUnwrap(verdict.json["duration"] as? Double, slug)
            if let width = output["width"] as? Int, let height = output["height"] as? Int {
                let frame = try c.json("POST", "/v1/preview", #"{ "template": "\#(id)", "merge": {}, "time": \#(duration / 2), "format": "png" }"#)
                XCTAssertEqual(frame.status, 200, "\(slug): \(frame.text.prefix(300))")
                XCTAssertEqual(Self.pngSize(frame.body), "\(width)x\(height)", "\(slug): a frame at the example's own size")
            }
            // The same merge, made by examples_check.py, rendered as a draft.
            var spec = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: merged + "/\(slug).json"))) as? [String: Any])
            var out = spec["output"] as? [String: Any] ?? [:]
            if out["format"] as? String != "hls" { out["draft"] = true }  // HLS has no draft: its ladder at full size
            spec["output"] = out
            let body = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
            let submitted = try c.json("POST", "/v1/jobs", body)
            XCTAssertEqual(submitted.status, 202, "\(slug): \(submitted.text)")
            drafts.append((slug, try XCTUnwrap(submitted.json["id"] as? String, slug), duration, output["format"] as? String ?? ""))
        }
        for (slug, id, duration, format) in drafts {
            let job = try f.waitForJob(id, timeout: 900) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
            XCTAssertEqual(job["status"] as? String, "succeeded", "\(slug): \(job)")
            guard job["status"] as? String == "succeeded" else { continue }
            // A connection of its own: the server closes one left idle while a render ran.
            let c = try f.client()
            if format == "hls" {
                let master = try c.request("GET", "/v1/jobs/\(id)/output/master.m3u8")
                XCTAssertEqual(master.status, 200, slug)
                XCTAssertTrue(master.text.contains("#EXT-X-STREAM-INF"), "\(slug): \(master.text)")
                continue
            }
            let file = f.root + "/\(slug).\(format)"
            try Data(try c.request("GET", "/v1/jobs/\(id)/output").body).write(to: URL(fileURLWithPath: file))
            XCTAssertEqual(try Self.probedDuration(file), duration, accuracy: 0.1, "\(slug): the length the verdict gave")
        }
    }

    /// A PNG's `WxH` from its IHDR chunk.
    static func pngSize(_ bytes: [UInt8]) -> String {
        guard bytes.count > 24 else { return "" }
        let be = { (i: Int) in bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return "\(be(16))x\(be(20))"
    }

    /// The container's duration by ffprobe.
    static func probedDuration(_ file: String) throws -> Double {
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        p.arguments = ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
