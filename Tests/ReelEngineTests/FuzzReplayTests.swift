import Foundation
import TestSupport
import XCTest

/// The fuzz targets, built as replay tools by the normal build, run over their seed corpora: each
/// target handles its seeds (and a few hostile inputs) and exits 0. The libFuzzer runs themselves
/// are scripts/fuzz.sh (CI, about a minute) and `make fuzz`.
final class FuzzReplayTests: XCTestCase {
    var repoRoot: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    func binary(_ name: String) -> String {
        URL(fileURLWithPath: Tools.reelBinary).deletingLastPathComponent().appendingPathComponent(name).path
    }

    func replay(_ target: String, _ inputs: [String]) throws -> String {
        let r = try Tools.run(binary(target), inputs)
        XCTAssertEqual(r.status, 0, "\(target): \(r.stderr.suffix(2000))")
        return String(decoding: r.stdout, as: UTF8.self)
    }

    func testEveryTargetRunsOverItsSeedsAndHostileInputs() throws {
        let ws = try Workspace()
        let corpus = repoRoot.appendingPathComponent("Fuzz/corpus").path
        // Hostile extras: a megabyte of digits, deep nesting, a head of one huge line, a chunk size of 2^64.
        let extras: [(String, [UInt8])] = [
            ("digits.json", Array(("{\"version\": 0." + String(repeating: "0", count: 100_000) + "1}").utf8)),
            ("deep.json", Array((String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)).utf8)),
            ("longline", Array(("GET /" + String(repeating: "a", count: 10_000) + " HTTP/1.1\r\n\r\n").utf8)),
            ("huge-chunk", Array("ffffffffffffffff\r\nx".utf8)),
        ]
        for (name, bytes) in extras { XCTAssertTrue(FileManager.default.createFile(atPath: ws.path(name), contents: Data(bytes))) }
        XCTAssertTrue(try replay("FuzzSpec", [corpus + "/spec", ws.path("digits.json"), ws.path("deep.json")]).contains("ran"))
        XCTAssertTrue(try replay("FuzzHTTPHead", [corpus + "/http-head", ws.path("longline")]).contains("ran 4 inputs"))
        XCTAssertTrue(try replay("FuzzChunked", [corpus + "/chunked", ws.path("huge-chunk")]).contains("ran 3 inputs"))
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=32x32:r=10:d=0.3", "-c:v", "libx264", ws.path("a.mp4")])
        XCTAssertTrue(FileManager.default.createFile(atPath: ws.path("empty"), contents: Data()))
        XCTAssertTrue(try replay("FuzzProbe", [ws.path("a.mp4"), ws.path("empty"), ws.path("digits.json")]).contains("ran 3 inputs"))
    }

    /// The planner's structure-aware target over its seeds and 48 seeded random inputs (each a spec
    /// of shapes, paths, masks, groups and a Lottie file planned and its first frame drawn): every
    /// one handled, none trapping.
    func testThePlannerTargetRunsOverSeededSpecs() throws {
        let ws = try Workspace()
        var random = SplitMix64(seed: 54)
        let folder = ws.path("plan")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 0..<48 {
            let bytes = (0..<64).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/\(i)", contents: Data(bytes)))
        }
        let corpus = repoRoot.appendingPathComponent("Fuzz/corpus/plan").path
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus).count
        XCTAssertTrue(try replay("FuzzPlan", [corpus, folder]).contains("ran \(seeds + 48) inputs"))
    }
}
