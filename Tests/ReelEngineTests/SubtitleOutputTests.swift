import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// `output.subtitles`: soft tracks read back by ffprobe and by ffmpeg's own SRT writer.
final class SubtitleOutputTests: XCTestCase {
    func write(_ ws: Workspace) throws {
        try "WEBVTT\n\n00:00.500 --> 00:01.500\nHola <b>mundo</b>\n\n00:02.000 --> 00:03.000\nDos\nlíneas\n"
            .write(toFile: ws.path("es.vtt"), atomically: true, encoding: .utf8)
        try "1\n00:00:00,200 --> 00:00:01,000\nHello\n\n2\n00:00:01,500 --> 00:00:02,800\nWorld\n"
            .write(toFile: ws.path("en.srt"), atomically: true, encoding: .utf8)
    }

    func srt(_ path: String, track: Int) throws -> String {
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:s:\(track)", "-f", "srt", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // ffmpeg writes a line break inside a cue as CRLF (the stored timed text holds "\n").
        return r.text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    func testTracksWithLanguagesDefaultsAndExactTimes() throws {
        let ws = try Workspace()
        try write(ws)
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48,
            "subtitles": [ { "src": "es.vtt", "language": "spa", "title": "Español", "default": true }, { "src": "en.srt", "language": "eng" } ] },
          "timeline": { "videos": [ { "color": "#000000", "duration": 3 } ] } }
        """##)
        let streams = try XCTUnwrap(try Tools.probe(out)["streams"] as? [[String: Any]]).filter { $0["codec_type"] as? String == "subtitle" }
        XCTAssertEqual(streams.map { $0["codec_name"] as? String }, ["mov_text", "mov_text"])
        XCTAssertEqual(streams.map { ($0["tags"] as? [String: Any])?["language"] as? String }, ["spa", "eng"])
        XCTAssertEqual(streams.map { ($0["disposition"] as? [String: Any])?["default"] as? Int }, [1, 0])
        XCTAssertEqual(try srt(out, track: 0), "1\n00:00:00,500 --> 00:00:01,500\nHola mundo\n\n2\n00:00:02,000 --> 00:00:03,000\nDos\nlíneas\n\n")
        XCTAssertEqual(try srt(out, track: 1), "1\n00:00:00,200 --> 00:00:01,000\nHello\n\n2\n00:00:01,500 --> 00:00:02,800\nWorld\n\n")
    }

    /// Cue times are timeline times: a range starting at 1 s moves them 1 s earlier and cuts what
    /// falls outside it.
    func testCuesFollowTheOutputRange() throws {
        let ws = try Workspace()
        try write(ws)
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "range": { "start": 1, "duration": 1.5 }, "subtitles": [ { "src": "en.srt" } ] },
          "timeline": { "videos": [ { "color": "#000000", "duration": 3 } ] } }
        """##)
        XCTAssertEqual(try srt(out, track: 0), "1\n00:00:00,500 --> 00:00:01,500\nWorld\n\n")
    }

    func testWebMCarriesWebVTT() throws {
        let ws = try Workspace()
        try write(ws)
        let out = try ws.render(##"""
        { "version": 1, "output": { "format": "webm", "width": 64, "height": 48, "subtitles": [ { "src": "es.vtt", "language": "spa" } ] },
          "timeline": { "videos": [ { "color": "#000000", "duration": 3 } ] } }
        """##, to: "out.webm")
        let sub = try XCTUnwrap((try Tools.probe(out)["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == "subtitle" })
        XCTAssertEqual(sub["codec_name"] as? String, "webvtt")
        XCTAssertTrue(try srt(out, track: 0).contains("Hola mundo"))
    }

    /// Characters that mean something to ASS or to WebVTT arrive as themselves: `<` and `&`
    /// exactly, a backslash not taken for a line break, braces as fullwidth braces rather than lost.
    func testMarkupCharactersSurvive() throws {
        let ws = try Workspace()
        try "1\n00:00:00,200 --> 00:00:01,000\nx < y & {z} C:\\new\n".write(toFile: ws.path("odd.srt"), atomically: true, encoding: .utf8)
        for format in ["mp4", "webm"] {
            let out = try ws.render(##"""
            { "version": 1, "output": { "format": "\##(format)", "width": 32, "height": 32, "subtitles": [ { "src": "odd.srt" } ] },
              "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }
            """##, to: "out.\(format)")
            let text = try srt(out, track: 0)
            XCTAssertTrue(text.contains("x < y & \u{FF5B}z\u{FF5D} C:\\\u{2060}new"), "\(format): \(text)")
        }
    }

    func testAFileThatDoesNotParseIsAProblemNamingItsLine() throws {
        let ws = try Workspace()
        try "WEBVTT\n\n00:01.000 --> 00:00.500\nbackwards\n".write(toFile: ws.path("bad.vtt"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ws.plan(##"""
        { "version": 1, "output": { "subtitles": [ { "src": "bad.vtt" }, { "src": "missing.srt" } ] },
          "timeline": { "videos": [ { "color": "#000000", "duration": 3 } ] } }
        """##)) { error in
            guard case RenderError.invalid(let p) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(p.map(\.pointer), ["/output/subtitles/0/src", "/output/subtitles/1/src"])
            XCTAssertTrue(p[0].message.contains("line 3"), p[0].message)
            XCTAssertTrue(p[1].message.contains("does not exist"), p[1].message)
        }
    }
}
