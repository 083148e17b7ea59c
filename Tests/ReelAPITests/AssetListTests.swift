import Foundation
import XCTest

/// `GET /v1/assets`: the caller's uploads newest first with their filenames, by kind, in pages
/// whose cursor continues exactly; another key's are not there; bad parameters at their pointers.
final class AssetListTests: XCTestCase {
    func testUploadsAreListedNewestFirstByKindAndPage() throws {
        let f = try ServiceFixture(keys: ["list-key-0123456789abcdef", "list-other-0123456789abcd"])
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "clip.mp4"])
        let clip = [UInt8](try Data(contentsOf: URL(fileURLWithPath: f.root + "/media/clip.mp4")))
        let c = try f.client()
        func upload(_ body: [UInt8], _ type: String, _ name: String) throws -> String {
            let r = try c.request("POST", "/v1/assets", headers: [("Content-Type", type), ("X-Filename", name)], body: body)
            XCTAssertEqual(r.status, 201, r.text)
            return try XCTUnwrap(r.json["id"] as? String)
        }
        let first = try upload(clip, "video/mp4", "first.mp4")
        let captions = try upload(Array("1\n00:00:00,000 --> 00:00:01,000\nHello\n".utf8), "application/x-subrip", "talk.srt")
        let last = try upload(clip, "video/mp4", "last.mp4")

        let all = try c.request("GET", "/v1/assets")
        XCTAssertEqual(all.status, 200, all.text)
        let items = try XCTUnwrap(all.json["assets"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["id"] as? String }, [last, captions, first], "newest first")
        XCTAssertEqual(items.map { $0["filename"] as? String }, ["last.mp4", "talk.srt", "first.mp4"])
        XCTAssertEqual(items.map { $0["kind"] as? String }, ["video", "captions", "video"])
        XCTAssertTrue(all.json["nextCursor"] is NSNull)

        let onlyCaptions = try c.request("GET", "/v1/assets?kind=captions").json["assets"] as? [[String: Any]]
        XCTAssertEqual(onlyCaptions?.map { $0["id"] as? String }, [captions])

        var seen: [String] = [], cursor: String?
        repeat {
            let page = try c.request("GET", "/v1/assets?limit=1" + (cursor.map { "&cursor=" + $0 } ?? ""))
            XCTAssertEqual(page.status, 200, page.text)
            seen += (page.json["assets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            cursor = page.json["nextCursor"] as? String
        } while cursor != nil && seen.count < 10
        XCTAssertEqual(seen, [last, captions, first], "pages of one, each once, in order")

        let other = try f.client(key: "list-other-0123456789abcd").request("GET", "/v1/assets")
        XCTAssertEqual((other.json["assets"] as? [Any])?.count, 0, "another key's uploads are not listed")

        let bad = try c.request("GET", "/v1/assets?kind=movie&limit=0&cursor=nope")
        XCTAssertEqual(bad.status, 422, bad.text)
        XCTAssertEqual(Set((bad.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }), ["/kind", "/limit", "/cursor"])
    }

    /// Media uploads are told apart as video, audio or image, and listed by each (or all three as
    /// `media`); a file sent as `application/octet-stream` (or with no type) is kept with the type
    /// its examination found, and a type the client declared is kept as declared.
    func testKindsAndContentTypesAreToldFromTheFile() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "clip.mp4"])
        try f.ffmpeg(["-f", "lavfi", "-i", "sine=d=1", "-c:a", "aac", "tone.m4a"])
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64", "-frames:v", "1", "still.png"])
        try f.ffmpeg(["-f", "lavfi", "-i", "sine=d=1", "voice.wav"])
        let c = try f.client()
        func upload(_ name: String, _ type: String?) throws -> [String: Any] {
            let body = [UInt8](try Data(contentsOf: URL(fileURLWithPath: f.root + "/media/" + name)))
            let r = try c.request("POST", "/v1/assets", headers: type.map { [("Content-Type", $0)] } ?? [], body: body)
            XCTAssertEqual(r.status, 201, r.text)
            return r.json
        }
        let clip = try upload("clip.mp4", "application/octet-stream")
        let tone = try upload("tone.m4a", nil)
        let still = try upload("still.png", "application/octet-stream")
        let voice = try upload("voice.wav", "audio/x-wav")
        let captions = try c.request("POST", "/v1/assets", headers: [("Content-Type", "application/octet-stream")],
                                     body: Array("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n".utf8)).json
        XCTAssertEqual([clip, tone, still, voice, captions].map { $0["kind"] as? String }, ["video", "audio", "image", "audio", "captions"])
        XCTAssertEqual([clip, tone, still, voice, captions].map { $0["contentType"] as? String },
                       ["video/mp4", "audio/mp4", "image/png", "audio/x-wav", "text/vtt"], "found where not said, kept where said")
        func listed(_ kind: String) throws -> Set<String> {
            let r = try c.request("GET", "/v1/assets?kind=" + kind)
            XCTAssertEqual(r.status, 200, r.text)
            return Set((r.json["assets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        }
        let id = { (a: [String: Any]) in a["id"] as? String ?? "" }
        XCTAssertEqual(try listed("image"), [id(still)])
        XCTAssertEqual(try listed("audio"), [id(tone), id(voice)])
        XCTAssertEqual(try listed("video"), [id(clip)])
        XCTAssertEqual(try listed("media"), [id(clip), id(tone), id(still), id(voice)])
    }
}
