import Foundation
import XCTest

/// OpenTimelineIO timelines over HTTP (docs/API.md (OpenTimelineIO)): a job whose timeline is `otio`, its media
/// relinked, renders; problems are a 422 naming pointers into `otio`, those found at submit (a
/// missing file) as well as those found in the OTIO itself.
final class OTIOAPITests: XCTestCase {
    static func time(_ frames: Int) -> String { #"{ "OTIO_SCHEMA": "RationalTime.1", "rate": 25.0, "value": \#(frames).0 }"# }
    static func range(_ start: Int, _ duration: Int) -> String {
        #"{ "OTIO_SCHEMA": "TimeRange.1", "start_time": \#(time(start)), "duration": \#(time(duration)) }"#
    }
    static func clip(_ url: String, _ start: Int, _ duration: Int) -> String {
        #"{ "OTIO_SCHEMA": "Clip.2", "name": "shot", "source_range": \#(range(start, duration)), "active_media_reference_key": "DEFAULT_MEDIA", "media_references": { "DEFAULT_MEDIA": { "OTIO_SCHEMA": "ExternalReference.1", "target_url": "\#(url)", "available_range": null } } }"#
    }
    static func job(_ children: [String], relink: String) -> String {
        #"{ "version": 1, "output": { "width": 64, "height": 64 }, "relink": \#(relink), "otio": { "OTIO_SCHEMA": "Timeline.1", "name": "cut", "global_start_time": null, "metadata": { "Resolve": { "x": 1 } }, "tracks": { "OTIO_SCHEMA": "Stack.1", "children": [ { "OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [ \#(children.joined(separator: ", ")) ] } ] } } }"#
    }

    func testAnOTIOJobRendersAndItsProblemsNameOTIOPlaces() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=25:d=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "shot.mp4"])
        let dissolve = #"{ "OTIO_SCHEMA": "Transition.1", "transition_type": "SMPTE_Dissolve", "in_offset": \#(Self.time(5)), "out_offset": \#(Self.time(5)) }"#
        let good = Self.job([Self.clip("file:///Volumes/Edit/A.mov", 10, 15), dissolve, Self.clip("shot.mp4", 20, 20)],
                            relink: #"{ "file:///Volumes/Edit/A.mov": "shot.mp4" }"#)
        let (_, job) = try f.succeeded(good)
        let output = try XCTUnwrap(job["output"] as? [String: Any])
        XCTAssertEqual(output["encodedFrames"] as? Int, 35, "OTIO's duration: the dissolve does not shorten the cut (\(output))")
        XCTAssertEqual(output["duration"] as? Double, 1.4)
        // Written back as OTIO: the job's cut, with its output as a disabled track.
        let id = try XCTUnwrap(job["id"] as? String)
        let otio = try f.client().request("GET", "/v1/jobs/\(id)/timeline.otio")
        XCTAssertEqual(otio.status, 200, otio.text)
        XCTAssertEqual(otio.json["OTIO_SCHEMA"] as? String, "Timeline.1")
        let tracks = try XCTUnwrap((otio.json["tracks"] as? [String: Any])?["children"] as? [[String: Any]])
        XCTAssertEqual(tracks.count, 2, "the cut and the output")
        let items = try XCTUnwrap(tracks[0]["children"] as? [[String: Any]])
        XCTAssertEqual(items.compactMap { $0["OTIO_SCHEMA"] as? String }, ["Clip.2", "Transition.1", "Clip.2"])
        XCTAssertEqual(tracks[1]["enabled"] as? Bool, false)
        XCTAssertTrue(otio.text.contains("/v1/jobs/\(id)/output"), otio.text)
        // The editor's own timeline comes back as the editor wrote it: its media references and
        // metadata, never the server's paths.
        let firstRef = ((items[0]["media_references"] as? [String: Any])?["DEFAULT_MEDIA"] as? [String: Any])?["target_url"] as? String
        XCTAssertEqual(firstRef, "file:///Volumes/Edit/A.mov")
        XCTAssertNotNil((otio.json["metadata"] as? [String: Any])?["Resolve"], otio.text)
        XCTAssertFalse(otio.text.contains(f.root), otio.text)

        let bad = Self.job([Self.clip("file:///Volumes/Edit/B.mov", 0, 10), Self.clip("shot.mp4", 0, 10)], relink: "{}")
        let r = try f.client().json("POST", "/v1/jobs", bad)
        XCTAssertEqual(r.status, 422, r.text)
        let errors = try XCTUnwrap(r.json["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.compactMap { $0["pointer"] as? String },
                       ["/otio/tracks/children/0/children/0/media_references/DEFAULT_MEDIA/target_url"], r.text)
        let both = ##"{ "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] }, "otio": { "OTIO_SCHEMA": "Timeline.1" } }"##
        let mixed = try f.client().json("POST", "/v1/jobs", both)
        XCTAssertEqual(mixed.status, 422, mixed.text)
        XCTAssertTrue(mixed.text.contains("/timeline"), mixed.text)
    }

    /// A timeline Reel wrote keeps its output's settings in `metadata.reel.output`: submitted
    /// through the API without an `output`, it renders at that size, as `reel render` does; a
    /// spec's own `output` members override them one by one.
    func testAnOTIOTimelinesOwnOutputSettingsAreItsDefaults() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=25:d=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "shot.mp4"])
        let timeline = #"{ "OTIO_SCHEMA": "Timeline.1", "name": "cut", "global_start_time": null, "metadata": { "reel": { "output": { "width": 48, "height": 96, "frameRate": 25 } } }, "tracks": { "OTIO_SCHEMA": "Stack.1", "children": [ { "OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [ \#(Self.clip("shot.mp4", 0, 10)) ] } ] } }"#
        let own = try f.client().json("POST", "/v1/validate", #"{ "version": 1, "otio": \#(timeline) }"#)
        XCTAssertEqual(own.status, 200, own.text)
        let output = try XCTUnwrap(own.json["output"] as? [String: Any], own.text)
        XCTAssertEqual([output["width"] as? Int, output["height"] as? Int], [48, 96], "the file's own size, not the default: \(own.text)")
        let overridden = try f.client().json("POST", "/v1/validate", #"{ "version": 1, "output": { "width": 32 }, "otio": \#(timeline) }"#)
        let o = try XCTUnwrap(overridden.json["output"] as? [String: Any], overridden.text)
        XCTAssertEqual([o["width"] as? Int, o["height"] as? Int], [32, 96], "the spec's own member wins, the rest from the file")
        let (id, _) = try f.succeeded(#"{ "version": 1, "otio": \#(timeline) }"#)
        let file = f.root + "/cut.mp4"
        try Data(try f.client().request("GET", "/v1/jobs/\(id)/output").body).write(to: URL(fileURLWithPath: file))
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        p.arguments = ["-v", "error", "-select_streams", "v", "-show_entries", "stream=width,height", "-of", "csv=p=0", file]
        p.standardOutput = out
        try p.run()
        let size = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        p.waitUntilExit()
        XCTAssertEqual(size, "48,96", "rendered at the file's size")
    }

    /// Templates may be OTIO too: placeholders in `target_url`s and marker names are filled.
    func testAnOTIOTemplate() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=25:d=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "shot.mp4"])
        var spec = Self.job([Self.clip("{{clip}}", 0, 25)], relink: "{}")
        let marker = #"{ "OTIO_SCHEMA": "Marker.2", "name": "{{title}}", "marked_range": \#(Self.range(5, 0)), "color": "RED", "metadata": {} }"#
        spec = spec.replacingOccurrences(of: #""kind": "Video", "children""#, with: #""kind": "Video", "markers": [], "children""#)
        spec = spec.replacingOccurrences(of: #""OTIO_SCHEMA": "Stack.1", "children""#, with: #""OTIO_SCHEMA": "Stack.1", "markers": [ \#(marker) ], "children""#)
        let created = try f.client().json("POST", "/v1/templates", #"{ "name": "cut", "spec": \#(spec) }"#)
        XCTAssertEqual(created.status, 201, created.text)
        XCTAssertEqual(Set((created.json["placeholders"] as? [String: Any] ?? [:]).keys), ["clip", "title"])
        let template = try XCTUnwrap(created.json["id"] as? String)
        let (id, job) = try f.succeeded(#"{ "template": "\#(template)", "merge": { "clip": "shot.mp4", "title": "Act 1" } }"#)
        let output = try XCTUnwrap(job["output"] as? [String: Any])
        XCTAssertEqual(output["duration"] as? Double, 1)
        // The marker's name, filled, is the output's chapter.
        let file = try f.client().request("GET", "/v1/jobs/\(id)/output")
        XCTAssertEqual(file.status, 200)
        let path = f.root + "/out.mp4"
        try Data(file.body).write(to: URL(fileURLWithPath: path))
        let chapters = Process()
        let pipe = Pipe()
        chapters.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        chapters.arguments = ["ffprobe", "-v", "error", "-show_chapters", "-of", "json", path]
        chapters.standardOutput = pipe
        try chapters.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        chapters.waitUntilExit()
        XCTAssertTrue(text.contains("\"title\": \"Act 1\""), text)
    }
}
