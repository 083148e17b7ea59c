import Foundation
import XCTest

/// Titles over HTTP: coverage and family refusals as 422 with pointers, fonts and caption files
/// uploaded as assets with their own probes, and an uploaded font used by a job.
final class TextAPITests: XCTestCase {
    private let serifBold = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"

    private func spec(_ font: String, text: String = "Ag") -> String {
        ##"{ "version": 1, "output": { "format": "png", "width": 160, "height": 90, "range": { "start": 0.5, "duration": 1 } }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [ { "type": "text", "text": "\##(text)", "start": 0, "font": { \##(font), "size": 48 } } ] } }"##
    }

    func testMissingGlyphAndUnknownFamilyAre422WithPointers() throws {
        let f = try ServiceFixture()
        let body = ##"{ "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [ { "type": "text", "text": "ok \u0378", "start": 0 }, { "type": "text", "text": "ok", "start": 0, "font": { "family": "Missing Family Pro" } } ] } }"##
        let r = try f.client().json("POST", "/v1/jobs", body)
        XCTAssertEqual(r.status, 422, r.text)
        let errors = try XCTUnwrap(r.json["errors"] as? [[String: Any]])
        let byPointer = Dictionary(errors.map { ($0["pointer"] as? String ?? "", $0["message"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byPointer["/timeline/overlays/0/text"], "has a character no installed font can draw: U+0378")
        XCTAssertEqual(byPointer["/timeline/overlays/1/font/family"], "font family \"Missing Family Pro\" is not installed")
    }

    func testAnOversizedTitleIsA422AtSubmit() throws {
        let f = try ServiceFixture()
        let text = String(repeating: "W", count: 200)
        let body = ##"{ "version": 1, "output": { "width": 320, "height": 180 }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [ { "type": "text", "text": "\##(text)", "start": 0, "font": { "size": 900 } }, { "type": "text", "text": "ok", "start": 0, "font": { "src": "https://example.com/f.ttf" } } ] } }"##
        let r = try f.client().json("POST", "/v1/jobs", body)
        XCTAssertEqual(r.status, 422, r.text)
        let errors = try XCTUnwrap(r.json["errors"] as? [[String: Any]])
        let byPointer = Dictionary(errors.map { ($0["pointer"] as? String ?? "", $0["message"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
        XCTAssertTrue(byPointer["/timeline/overlays/0/text"]?.hasPrefix("sets a text block of ") ?? false, r.text)
        XCTAssertEqual(byPointer["/timeline/overlays/1/font/src"], "fonts are read from the media root or from uploads, not from URLs")
    }

    func testUploadedFontIsProbedAndUsedByAJob() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let font = try Data(contentsOf: URL(fileURLWithPath: serifBold))
        let up = try c.request("POST", "/v1/assets", headers: [("Content-Type", "font/ttf")], body: [UInt8](font))
        XCTAssertEqual(up.status, 201, up.text)
        XCTAssertEqual(up.json["kind"] as? String, "font")
        let probe = try XCTUnwrap(up.json["probe"] as? [String: Any])
        XCTAssertEqual(probe["family"] as? String, "DejaVu Serif")
        XCTAssertEqual(probe["style"] as? String, "Bold")
        XCTAssertGreaterThan(probe["glyphs"] as? Int ?? 0, 1000)
        let id = try XCTUnwrap(up.json["id"] as? String)
        XCTAssertEqual(try c.request("GET", "/v1/assets/\(id)").json["kind"] as? String, "font", "the kind is stored")

        // The same title in the uploaded file, in the installed family it is, and in another family.
        var digests: [String] = []
        for font in [#""src": "upload:\#(id)""#, #""family": "DejaVu Serif", "weight": "bold""#, #""family": "DejaVu Sans", "weight": "bold""#] {
            let job = try f.submit(spec(font))
            let done = try f.waitForJob(job) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
            XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")
            digests.append(try XCTUnwrap((done["output"] as? [String: Any])?["sha256"] as? String))
        }
        XCTAssertEqual(digests[0], digests[1], "the job drew with the uploaded font")
        XCTAssertNotEqual(digests[0], digests[2], "another font draws other pixels")
    }

    func testUnreadableFontIsRefusedAtUpload() throws {
        let f = try ServiceFixture()
        let bogus: [UInt8] = [0x00, 0x01, 0x00, 0x00] + Array(repeating: 0x41, count: 200)
        let r = try f.client().request("POST", "/v1/assets", headers: [("Content-Type", "font/ttf")], body: bogus)
        XCTAssertEqual(r.status, 422, r.text)
        XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:not-a-font")
        XCTAssertEqual(f.dataFiles("assets"), [], "nothing is kept")
    }

    func testCaptionUploadsAreProbedAndUsed() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let vtt = "WEBVTT\n\n00:00.100 --> 00:00.400\nHello\n\n00:00.500 --> 00:00.900\nworld\n"
        let up = try c.request("POST", "/v1/assets", headers: [("Content-Type", "text/vtt")], body: Array(vtt.utf8))
        XCTAssertEqual(up.status, 201, up.text)
        XCTAssertEqual(up.json["kind"] as? String, "captions")
        let probe = try XCTUnwrap(up.json["probe"] as? [String: Any])
        XCTAssertEqual(probe["format"] as? String, "webvtt")
        XCTAssertEqual(probe["cues"] as? Int, 2)
        XCTAssertEqual(probe["duration"] as? Double, 0.9)
        let id = try XCTUnwrap(up.json["id"] as? String)
        let job = try f.submit(##"{ "version": 1, "output": { "width": 160, "height": 90, "frameRate": 10 }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [ { "type": "captions", "src": "upload:\##(id)", "start": 0 } ] } }"##)
        let done = try f.waitForJob(job) { ["succeeded", "failed"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(done["status"] as? String, "succeeded", "\(done)")

        let bad = try c.request("POST", "/v1/assets", headers: [("Content-Type", "application/x-subrip")],
                                body: Array("1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\nnot times\n".utf8))
        XCTAssertEqual(bad.status, 422, bad.text)
        XCTAssertTrue((bad.json["detail"] as? String ?? "").contains("line 5: expected a cue's times"), bad.text)
    }
}
