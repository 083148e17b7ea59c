import Foundation
import XCTest

/// Lottie files as assets (docs/API.md, Assets): told by their bytes (a JSON object read as a Lottie
/// document, whatever the `Content-Type`), kept as `kind: "lottie"` with their probe, from a raw
/// upload or a direct one, and drawn by a job's Lottie overlay named `upload:ID` as the same file
/// under the media root is; JSON that is not a Lottie document is refused as such.
final class LottieUploadTests: XCTestCase {
    /// A 100×100 animation of 30 frames at 30 fps: a red square moving from left to right.
    static let box = ##"""
    {"v":"5.5.2","fr":30,"ip":0,"op":30,"w":100,"h":100,"nm":"box","ddd":0,"assets":[],
     "layers":[{"ddd":0,"ind":1,"ty":4,"nm":"Box","sr":1,
       "ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},
             "p":{"a":1,"k":[{"t":0,"s":[20,50,0],"e":[80,50,0],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":30,"s":[80,50,0]}]},
             "a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},
       "ao":0,
       "shapes":[{"ty":"gr","nm":"g","it":[
          {"ty":"rc","d":1,"s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0},"nm":"r"},
          {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1,"nm":"f"},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}],
       "ip":0,"op":30,"st":0,"bm":0}]}
    """##

    /// One PNG frame, 0.5 s in, of a black card under `overlays`.
    func spec(_ overlays: String) -> String {
        ##"{ "version": 1, "output": { "format": "png", "width": 100, "height": 100, "range": { "start": 0.5, "duration": 1 } }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [ \##(overlays) ] } }"##
    }

    /// The asset's kind and probe are the Lottie document's.
    func assertLottie(_ asset: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(asset["kind"] as? String, "lottie", "\(asset)", file: file, line: line)
        let probe = asset["probe"] as? [String: Any] ?? [:]
        XCTAssertEqual(probe["format"] as? String, "lottie", "\(asset)", file: file, line: line)
        XCTAssertEqual(probe["width"] as? Int, 100, file: file, line: line)
        XCTAssertEqual(probe["height"] as? Int, 100, file: file, line: line)
        XCTAssertEqual((probe["frameRate"] as? NSNumber)?.doubleValue, 30, file: file, line: line)
        XCTAssertEqual((probe["duration"] as? NSNumber)?.doubleValue, 1, file: file, line: line)
    }

    func testALottieUploadIsKeptAsLottieAndDrawnByAJob() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let up = try c.request("POST", "/v1/assets", headers: [("Content-Type", "application/octet-stream"), ("X-Filename", "box.json")],
                               body: Array(Self.box.utf8))
        XCTAssertEqual(up.status, 201, up.text)
        assertLottie(up.json)
        let id = try XCTUnwrap(up.json["id"] as? String)
        assertLottie(try c.request("GET", "/v1/assets/\(id)").json)
        let listed = try c.request("GET", "/v1/assets?kind=lottie")
        XCTAssertEqual(listed.status, 200, listed.text)
        XCTAssertEqual((listed.json["assets"] as? [[String: Any]])?.map { $0["id"] as? String }, [id])

        // The upload, the same file under the media root, and no animation at all.
        try Self.box.write(toFile: f.root + "/media/box.json", atomically: true, encoding: .utf8)
        var digests: [String] = []
        for overlays in [#"{ "type": "lottie", "src": "upload:\#(id)", "start": 0 }"#, #"{ "type": "lottie", "src": "box.json", "start": 0 }"#, ""] {
            let (_, job) = try f.succeeded(spec(overlays))
            digests.append(try XCTUnwrap((job["output"] as? [String: Any])?["sha256"] as? String))
        }
        XCTAssertEqual(digests[0], digests[1], "the job drew the uploaded animation")
        XCTAssertNotEqual(digests[0], digests[2], "and drew something")

        // Sent as application/json, the file would be an import's body: the answer says how to send it.
        let asJSON = try c.json("POST", "/v1/assets", Self.box)
        XCTAssertEqual(asJSON.status, 422, asJSON.text)
        XCTAssertTrue((asJSON.json["detail"] as? String ?? "").contains("another Content-Type"), asJSON.text)
    }

    func testADirectUploadOfALottieFileCompletesAsLottie() throws {
        let f = try ServiceFixture()
        let c = try f.client()
        let path = f.root + "/media/box.json"
        try Self.box.write(toFile: path, atomically: true, encoding: .utf8)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let opened = try c.json("POST", "/v1/uploads", #"{"filename": "box.json", "contentType": "application/json", "bytes": \#(size)}"#)
        XCTAssertEqual(opened.status, 201, opened.text)
        let id = try XCTUnwrap(opened.json["id"] as? String)
        let url = try XCTUnwrap((opened.json["upload"] as? [String: Any])?["url"] as? String)
        XCTAssertEqual(try DirectUploadTests.put(path, to: "http://127.0.0.1:\(f.port)" + url, headers: ["Content-Type: application/json"]), 204)
        let done = try c.request("POST", "/v1/assets/\(id)/complete")
        XCTAssertEqual(done.status, 200, done.text)
        XCTAssertEqual(done.json["status"] as? String, "ready")
        assertLottie(done.json)
        _ = try f.succeeded(spec(#"{ "type": "lottie", "src": "upload:\#(id)", "start": 0 }"#))
    }

    /// A JSON object that is not a Lottie document (no canvas, frame rate or in and out points) is
    /// refused by what it lacks, and nothing is kept.
    func testJSONThatIsNotLottieIsRefused() throws {
        let f = try ServiceFixture()
        let r = try f.client().request("POST", "/v1/assets", headers: [("Content-Type", "application/octet-stream")],
                                       body: Array(#"{"name": "not an animation"}"#.utf8))
        XCTAssertEqual(r.status, 422, r.text)
        XCTAssertEqual(r.json["type"] as? String, "urn:reel:problem:not-lottie")
        XCTAssertTrue((r.json["detail"] as? String ?? "").contains("its w is missing or out of range"), r.text)
        XCTAssertEqual(f.dataFiles("assets"), [], "nothing is kept")
    }
}
