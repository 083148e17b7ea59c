import Foundation
import XCTest

/// `POST /v1/preview` through the server: the frame a `png` job of the same spec renders at the
/// frame's time (the same file), JPEG and scaled previews, a template with merge values, the
/// context kept between previews (`Server-Timing`), and every mistake at its pointer.
final class PreviewAPITests: XCTestCase {
    func spec(format: String = "mp4", range: String = "", color: String = "#D02040") -> String {
        ##"""
        { "version": 1, "output": { "format": "\##(format)", "width": 64, "height": 48, "frameRate": 30 \##(range) },
          "timeline": { "videos": [ { "src": "clip.mp4", "sourceRange": { "start": 0.2, "duration": 1.5 } },
                                    { "color": "\##(color)", "duration": 1 } ],
                        "transitions": [ { "type": "wipe", "direction": "left", "duration": 0.5 } ],
                        "overlays": [ { "type": "shape", "shape": "ellipse", "start": 0.3, "fill": "#FFFFFF80",
                                        "frame": { "x": 0.5, "y": 0.5, "width": 0.25, "height": 0.25 },
                                        "keyframes": [ { "time": 0, "x": 0.2 }, { "time": 1.5, "x": 0.8 } ] } ] } }
        """##
    }

    func testThePreviewIsThePNGJobsFrame() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=3", "-c:v", "libx264", "-g", "60", "-pix_fmt", "yuv420p", "clip.mp4"])
        let c = try f.client()
        for time in ["1.25", "0.5", "\"41/30\"", "0"] {
            let r = try c.json("POST", "/v1/preview", #"{ "spec": \#(spec()), "time": \#(time) }"#)
            XCTAssertEqual(r.status, 200, r.text)
            XCTAssertEqual(r.header("Content-Type"), "image/png")
            let frameTime = try XCTUnwrap(r.header("Reel-Frame-Time"))
            let timing = try XCTUnwrap(r.header("Server-Timing"))
            for name in ["plan;dur=", "draw;dur=", "encode;dur="] { XCTAssertTrue(timing.contains(name), timing) }
            XCTAssertEqual(timing.contains("context reused"), time != "1.25", "the first preview plans, the next reuse: \(timing)")
            let (id, job) = try f.succeeded(spec(format: "png", range: #", "range": { "start": "\#(frameTime)", "duration": 1 }"#))
            XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)")
            let output = try c.request("GET", "/v1/jobs/\(id)/output")
            XCTAssertEqual(output.status, 200)
            XCTAssertTrue(try rgb(output.body, f) == (try rgb(r.body, f)), "the preview at \(time) s is the png job's frame at \(frameTime) s")
        }
        // The frame whose interval holds the time: 1.25 s at 30 fps is frame 37 (37/30 ≤ 1.25 < 38/30).
        let held = try c.json("POST", "/v1/preview", #"{ "spec": \#(spec()), "time": 1.25 }"#)
        XCTAssertEqual(held.header("Reel-Frame-Time"), "37/30")

        let jpeg = try c.json("POST", "/v1/preview", #"{ "spec": \#(spec()), "time": 1, "format": "jpeg", "width": 32 }"#)
        XCTAssertEqual(jpeg.status, 200, jpeg.text)
        XCTAssertEqual(jpeg.header("Content-Type"), "image/jpeg")
        let file = f.root + "/preview.jpg"
        try Data(jpeg.body).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(try streamInfo(file), "mjpeg,32,24")
    }

    func testATemplateWithMergeValues() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "clip.mp4"])
        let c = try f.client()
        let created = try c.json("POST", "/v1/templates", #"{ "name": "p", "spec": \#(spec(color: "{{color}}")) }"#)
        let template = try XCTUnwrap(created.json["id"] as? String, created.text)
        let viaTemplate = try c.json("POST", "/v1/preview", ##"{ "template": "\##(template)", "merge": { "color": "#10E030" }, "time": 1.9 }"##)
        XCTAssertEqual(viaTemplate.status, 200, viaTemplate.text)
        let direct = try c.json("POST", "/v1/preview", #"{ "spec": \#(spec(color: "#10E030")), "time": 1.9 }"#)
        XCTAssertTrue(try rgb(viaTemplate.body, f) == (try rgb(direct.body, f)), "the merged spec's frame")
        let wrong = try c.json("POST", "/v1/preview", #"{ "template": "\#(template)", "merge": { "color": "greenish" }, "time": 1 }"#)
        XCTAssertEqual(wrong.status, 422, wrong.text)
        XCTAssertEqual(pointers(wrong), ["/timeline/videos/1/color"], "into the merged spec")
    }

    /// An image's pixels as ffmpeg decodes them (RGB).
    func rgb(_ image: [UInt8], _ f: ServiceFixture) throws -> [UInt8] {
        let path = f.root + "/decode-\(UUID().uuidString)"
        try Data(image).write(to: URL(fileURLWithPath: path))
        let p = Process()
        let out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        p.standardOutput = out
        try p.run()
        let bytes = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertFalse(bytes.isEmpty, "ffmpeg decoded the image")
        return bytes
    }

    /// ffprobe's codec, width and height of an image file.
    func streamInfo(_ file: String) throws -> String {
        let p = Process()
        let out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ffprobe", "-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", file]
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func pointers(_ r: TestClient.Response) -> [String] {
        ((r.json["errors"] as? [[String: Any]]) ?? []).compactMap { $0["pointer"] as? String }.sorted()
    }

    func testEveryMistakeAtItsPointer() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x48:d=1", "-frames:v", "1", "card.png"])
        let c = try f.client()
        let card = ##"{ "version": 1, "output": { "width": 64, "height": 48 }, "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ] } }"##
        let cases: [(String, [String])] = [
            (#"{ "spec": \#(card) }"#, ["/time"]),
            (#"{ "spec": \#(card), "time": -1 }"#, ["/time"]),
            (#"{ "spec": \#(card), "time": "1/0" }"#, ["/time"]),
            (#"{ "spec": \#(card), "time": 2 }"#, ["/time"]),
            (#"{ "spec": \#(card), "time": 0, "width": 65 }"#, ["/width"]),
            (#"{ "spec": \#(card), "time": 0, "width": 8 }"#, ["/width"]),
            (#"{ "spec": \#(card), "time": 0, "format": "gif" }"#, ["/format"]),
            (#"{ "spec": \#(card), "time": 0, "frame": 3 }"#, ["/frame"]),
            (#"{ "time": 0 }"#, [""]),
            (#"{ "spec": [], "time": 0 }"#, ["/spec"]),
            (#"{ "spec": \#(card), "template": "tpl_x", "time": 0 }"#, ["/template"]),
            (#"{ "spec": \#(card), "merge": {}, "time": 0 }"#, ["/merge"]),
            (#"{ "template": "tpl_nothing", "time": 0 }"#, ["/template"]),
            (##"{ "spec": { "version": 1, "timeline": { "videos": [ { "src": "gone.mp4" }, { "color": "#00000", "duration": 1 } ] } }, "time": 0 }"##,
             ["/spec/timeline/videos/0/src", "/spec/timeline/videos/1/color"]),
            (#"{ "spec": \#(card), "time": 0, "output": 1 }"#, ["/output"]),
            (#"{ "spec": \#(card), "time": 0, "output": "web" }"#, ["/output"]),
            (#"{ "spec": \#(Self.twoOutputs.replacingOccurrences(of: #""clip.mp4""#, with: #""card.png", "duration": 1"#)), "time": 0, "output": "big" }"#, ["/output"]),
        ]
        // A playhead's time in floating point: cut to nanoseconds, it names its frame.
        let float = try c.json("POST", "/v1/preview", #"{ "spec": \#(card), "time": 0.30000000000000004 }"#)
        XCTAssertEqual(float.status, 200, float.text)
        XCTAssertEqual(float.header("Reel-Frame-Time"), "0.3")
        for (body, want) in cases {
            let r = try c.json("POST", "/v1/preview", body)
            XCTAssertEqual(r.status, 422, "\(body): \(r.text)")
            XCTAssertEqual(pointers(r), want, "\(body): \(r.text)")
            XCTAssertFalse(r.text.contains(f.root), "no server path: \(r.text)")
        }
    }
}

extension PreviewAPITests {
    /// A spec with two outputs of other sizes and backgrounds, of a 64×48 clip.
    static let twoOutputs = ##"{ "version": 1, "outputs": [ { "name": "web", "width": 64, "height": 48 }, "##
        + ##"{ "name": "square", "width": 32, "height": 32, "background": "#0000FF" } ], "##
        + ##""timeline": { "videos": [ { "src": "clip.mp4" } ] } }"##

    /// A spec with `outputs`: its first output's frame by default, the named one's with `output`
    /// (its size and its background: the clip fitted into the square, on blue bars), each planned in
    /// a context of its own.
    func testAPreviewOfANamedOutput() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "clip.mp4"])
        let c = try f.client()
        for (output, size) in [(nil, "64,48"), ("web", "64,48"), ("square", "32,32")] {
            let body = #"{ "spec": \#(Self.twoOutputs), "time": 1"# + (output.map { #", "output": "\#($0)""# } ?? "") + " }"
            let r = try c.json("POST", "/v1/preview", body)
            XCTAssertEqual(r.status, 200, r.text)
            let file = f.root + "/preview-\(output ?? "first").png"
            try Data(r.body).write(to: URL(fileURLWithPath: file))
            XCTAssertEqual(try streamInfo(file), "png,\(size)", output ?? "the first")
        }
        let square = try c.json("POST", "/v1/preview", #"{ "spec": \#(Self.twoOutputs), "time": 1, "output": "square" }"#)
        let pixels = try rgb(square.body, f)
        XCTAssertEqual(pixels.count, 32 * 32 * 3)
        // The clip 32×24 in the square: a bar of 4 rows above it, of the square's background.
        let topLeft = pixels[0..<3].map(Int.init)
        XCTAssertLessThan(topLeft[0] + topLeft[1], 20, "blue: \(topLeft)")
        XCTAssertGreaterThan(topLeft[2], 235, "blue: \(topLeft)")
    }
}
