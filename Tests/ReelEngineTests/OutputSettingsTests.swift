@testable import ReelEngine
import ReelSpec
import XCTest

/// Container and encoder settings read back with ffprobe.
final class OutputSettingsTests: XCTestCase {
    func testMetadataChaptersAndFaststart() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", seconds: 2)
        let out = try ws.render("""
        { "version": 1,
          "output": { "metadata": { "title": "Holiday", "artist": "Reel", "comment": "海边 · Beach" },
                      "chapters": [ { "start": 0, "title": "Arrival" }, { "start": 1.5, "title": "Beach" } ] },
          "timeline": { "videos": [ { "src": "ramp.mp4" } ] } }
        """)
        let probe = try Tools.probe(out)
        let tags = try XCTUnwrap((probe["format"] as? [String: Any])?["tags"] as? [String: Any])
        XCTAssertEqual(tags["title"] as? String, "Holiday")
        XCTAssertEqual(tags["artist"] as? String, "Reel")
        XCTAssertEqual(tags["comment"] as? String, "海边 · Beach")
        let chapters = try XCTUnwrap(probe["chapters"] as? [[String: Any]])
        XCTAssertEqual(chapters.count, 2)
        XCTAssertEqual(chapters.compactMap { ($0["tags"] as? [String: Any])?["title"] as? String }, ["Arrival", "Beach"])
        XCTAssertEqual(try XCTUnwrap(chapters[1].double("start_time")), 1.5, accuracy: 0.001)
        XCTAssertEqual(try XCTUnwrap(chapters[1].double("end_time")), 2, accuracy: 0.001)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        let moov = try XCTUnwrap(bytes.range(of: Data("moov".utf8))).lowerBound
        let mdat = try XCTUnwrap(bytes.range(of: Data("mdat".utf8))).lowerBound
        XCTAssertLessThan(moov, mdat, "optimizeForNetwork puts the index first")
    }

    func testIndexAtTheEndWhenNotOptimizedForNetwork() throws {
        let ws = try Workspace()
        let out = try ws.render(##"{ "version": 1, "output": { "optimizeForNetwork": false }, "timeline": { "videos": [ { "color": "#808080", "duration": 0.5 } ] } }"##)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertGreaterThan(try XCTUnwrap(bytes.range(of: Data("moov".utf8))).lowerBound,
                             try XCTUnwrap(bytes.range(of: Data("mdat".utf8))).lowerBound)
    }

    func testEncoderSettingsAreApplied() throws {
        let ws = try Workspace()
        let out = try ws.render("""
        { "version": 1,
          "output": { "format": "mov", "width": 64, "height": 48, "frameRate": 25,
                      "video": { "profile": "baseline", "keyframeInterval": 0.4, "bitrate": 200000, "maxBitrate": 300000 },
                      "audio": { "sampleRate": 44100, "channels": 1, "bitrate": 64000 } },
          "timeline": { "videos": [ { "color": "#204080", "duration": 2 } ] } }
        """, to: "out.mov")
        let probe = try Tools.probe(out)
        XCTAssertTrue((probe["format"] as? [String: Any])?["format_name"] as? String == "mov,mp4,m4a,3gp,3g2,mj2")
        let v = try XCTUnwrap(Tools.stream(probe, "video")), a = try XCTUnwrap(Tools.stream(probe, "audio"))
        XCTAssertEqual(v["profile"] as? String, "Constrained Baseline")
        XCTAssertEqual([v.int("width"), v.int("height")], [64, 48])
        XCTAssertEqual(v["r_frame_rate"] as? String, "25/1")
        XCTAssertEqual(v.int("nb_read_frames"), 50)
        XCTAssertEqual(a.int("sample_rate"), 44100)
        XCTAssertEqual(a.int("channels"), 1)
        // A keyframe every 0.4 s = every 10 frames.
        let r = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "frame=key_frame", "-of", "csv=p=0", out])
        let keys = r.text.split(separator: "\n").enumerated().filter { $0.element.hasPrefix("1") }.map(\.offset)
        XCTAssertEqual(keys, [0, 10, 20, 30, 40])
    }

    func testHEVCOutputIsTaggedForApplePlayers() throws {
        let ws = try Workspace()
        let out = try ws.render(##"{ "version": 1, "output": { "width": 64, "height": 64, "video": { "codec": "hevc" } }, "timeline": { "videos": [ { "color": "#FF8000", "duration": 0.5 } ] } }"##)
        let v = try XCTUnwrap(Tools.stream(try Tools.probe(out), "video"))
        XCTAssertEqual(v["codec_name"] as? String, "hevc")
        XCTAssertEqual(v["codec_tag_string"] as? String, "hvc1")
        XCTAssertEqual(v.int("nb_read_frames"), 15)
    }
}
