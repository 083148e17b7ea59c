import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// `hls`: a folder of fMP4 segments with media playlists and a master playlist, read back with
/// ffprobe through the playlists themselves.
final class HLSOutputTests: XCTestCase {
    func keyframeTimes(_ playlist: String) throws -> [String] {
        let r = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_frames", "-show_entries", "frame=pts_time,key_frame",
                                          "-of", "csv=p=0", playlist])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: ",")
            return f.count >= 2 && f[0] == "1" ? String(f[1]) : nil
        }
    }

    func testRenditionsSegmentsAndTheMasterPlaylist() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", size: "64x48", seconds: 5, audio: true)
        let out = try ws.render(##"""
        { "version": 1, "output": { "format": "hls", "width": 128, "height": 96, "frameRate": 30,
            "hls": { "segmentDuration": 1.5, "renditions": [ { "height": 48, "videoBitrate": 200000 }, { "height": 96 } ] } },
          "timeline": { "videos": [ { "src": "ramp.mp4", "sourceRange": { "start": 0, "duration": 4 } } ] } }
        """##, to: "out")
        let master = try String(contentsOfFile: out + "/master.m3u8", encoding: .utf8)
        let variants = master.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-STREAM-INF:") }
        XCTAssertEqual(variants.count, 2)
        XCTAssertTrue(variants[0].contains("RESOLUTION=128x96"), master)
        XCTAssertTrue(variants[1].contains("RESOLUTION=64x48"), master)
        for v in variants {
            XCTAssertTrue(v.contains("CODECS=\"avc1.6"), "High profile H.264 and AAC: \(v)")
            XCTAssertTrue(v.contains(",mp4a.40.2\""), String(v))
            XCTAssertTrue(v.contains("AUDIO=\"audio\""), String(v))
            XCTAssertNotNil(v.range(of: #"BANDWIDTH=[1-9][0-9]{3,}"#, options: .regularExpression), String(v))
        }
        // BANDWIDTH is at least the peak: the largest video segment over its duration.
        let top = try String(contentsOfFile: out + "/video_96p.m3u8", encoding: .utf8).split(separator: "\n")
        var peak = 0.0
        for (k, line) in top.enumerated() where line.hasPrefix("#EXTINF:") {
            let seconds = try XCTUnwrap(Double(line.dropFirst(8).split(separator: ",")[0]))
            let bytes = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: out + "/" + top[k + 1])[.size] as? Int)
            peak = max(peak, Double(bytes * 8) / seconds)
        }
        let declared = try XCTUnwrap(Int(variants[0].split(separator: ",")[0].split(separator: "=")[1]))
        XCTAssertGreaterThanOrEqual(Double(declared), peak, "\(variants[0])")
        XCTAssertTrue(master.contains(#"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio""#), master)
        var keyframes: [[String]] = []
        for name in ["video_96p", "video_48p"] {
            let playlist = out + "/" + name + ".m3u8"
            let text = try String(contentsOfFile: playlist, encoding: .utf8)
            XCTAssertTrue(text.contains("#EXT-X-MAP:URI=\"\(name)_init.mp4\""), text)
            let segments = text.split(separator: "\n").filter { $0.hasSuffix(".m4s") }
            XCTAssertEqual(segments.count, 3, "4 s in 1.5 s segments")
            let probe = try Tools.probe(playlist)
            XCTAssertEqual(Tools.stream(probe, "video")?.int("nb_read_frames"), 120, "\(name): every frame, through the playlist")
            keyframes.append(try keyframeTimes(playlist))
        }
        XCTAssertEqual(keyframes[0].count, 3, "one keyframe a segment: \(keyframes[0])")
        XCTAssertEqual(keyframes[0], keyframes[1], "renditions cut on the same frames")
        XCTAssertEqual(keyframes[0].first.flatMap(Double.init), 0, "the video starts at 0, with the audio")
        let audio = try Tools.probe(out + "/audio.m3u8")
        XCTAssertEqual(try XCTUnwrap(Tools.stream(audio, "audio")?.double("duration") ?? (audio["format"] as? [String: Any])?.double("duration")),
                       4, accuracy: 0.05)
    }

    /// Segments on the GOP grid (the default 4 s over 2 s keyframes): the rendition of the output's
    /// size is encoded as the MP4 of that size is (B-frames, a keyframe every 2 s), packet for
    /// packet, which is what lets a render of many outputs encode the two once (`MultiRenderer`);
    /// its video still starts at 0, with the audio (the init segment's edit list), every segment on
    /// a keyframe. Both rendered by `reel render`, each in a process of its own. x264's B-frame
    /// choices depend on memory it never wrote, so two lossy encodes of the same pictures may
    /// differ in a few frames of a GOP (mostly the second in one process; once, under a loaded
    /// suite, frames 36–59 of two fresh processes' first GOP): what must be equal is every
    /// keyframe's packet, the first carrying x264's SEI with every setting it encoded with (rate
    /// control, B-frames, references, GOP), and the frame on which each keyframe falls. (One encode
    /// muxed into both is checked packet for packet by ManyOutputsTests.)
    func testRenditionsOnTheGOPGridAreTheMP4sEncode() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=6", "-f", "lavfi",
                          "-i", "sine=frequency=660:sample_rate=48000:duration=6", "-c:v", "libx264", "-preset", "ultrafast",
                          "-c:a", "aac", "-shortest", ws.path("clip.mp4")])
        let spec = { (format: String) in
            #"{ "version": 1, "output": { "format": "\#(format)", "width": 320, "height": 180 }, "timeline": { "videos": [ { "src": "clip.mp4" } ] } }"#
        }
        let plan = try ws.plan(spec("hls"))
        XCTAssertEqual(plan.forcedSegmentStarts, [], "4 s segments start on the 2 s grid")
        let (hls, mp4) = (ws.path("out"), ws.path("out.mp4"))
        for (format, path) in [("hls", hls), ("mp4", mp4)] {
            let r = try Tools.run(Tools.reelBinary, ["render", try ws.spec(spec(format), name: format + ".json"), "-o", path])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let playlist = hls + "/video_180p.m3u8"
        let packets = try Tools.packets(playlist), mp4Packets = try Tools.packets(mp4)
        XCTAssertEqual(packets.count, 180)
        XCTAssertEqual(mp4Packets.count, 180)
        let isKey = { (p: String) in p.contains(",K") }
        XCTAssertEqual(packets.map(isKey), mp4Packets.map(isKey), "keyframes on the same frames")
        XCTAssertEqual(packets.filter(isKey).count, 3)
        XCTAssertEqual(packets.filter(isKey), mp4Packets.filter(isKey), "every keyframe's packet, the first with x264's settings")
        XCTAssertEqual(try keyframeTimes(playlist).compactMap(Double.init), [0, 2, 4], "a keyframe every 2 s")
        let text = try String(contentsOfFile: playlist, encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasPrefix("#EXTINF:") }, ["#EXTINF:4.000000,", "#EXTINF:2.000000,"], text)
        let video = try XCTUnwrap(Tools.stream(try Tools.probe(playlist), "video"))
        XCTAssertGreaterThan(video.int("has_b_frames") ?? 0, 0, "B-frames, as in the MP4")
        XCTAssertEqual(try XCTUnwrap(video.double("start_time")), 0, accuracy: 0.0005, "the video starts at 0")
        let audio = try XCTUnwrap(Tools.stream(try Tools.probe(hls + "/audio.m3u8"), "audio"))
        XCTAssertEqual(try XCTUnwrap(audio.double("start_time")), 0, accuracy: 0.0005, "the audio starts at 0 too")
    }

    func testRenditionsAreCheckedAgainstTheOutput() throws {
        let ws = try Workspace()
        XCTAssertThrowsError(try ws.plan(##"""
        { "version": 1, "output": { "format": "hls", "width": 64, "height": 48, "hls": { "renditions": [ { "height": 96 } ] } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }
        """##)) { error in
            guard case RenderError.invalid(let p) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(p.map(\.pointer), ["/output/hls/renditions/0/height"])
        }
    }

    /// Rendering again into the same folder replaces it whole.
    func testAFolderIsReplacedWhole() throws {
        let ws = try Workspace()
        let spec = ##"{ "version": 1, "output": { "format": "hls", "width": 32, "height": 32, "hls": { "segmentDuration": 1 } }, "timeline": { "videos": [ { "color": "#000000", "duration": DURATION } ] } }"##
        let out = try ws.render(spec.replacingOccurrences(of: "DURATION", with: "3"), to: "out")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/video_32p_00002.m4s"))
        _ = try ws.render(spec.replacingOccurrences(of: "DURATION", with: "1"), to: "out")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/video_32p_00002.m4s"), "nothing of the earlier render is left")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ws.root).filter { $0.hasPrefix(".out") || $0.contains(".old-") }, [])
    }
}

extension HLSOutputTests {
    /// A thumbnail of an HLS output reads the piece of its largest rendition that holds the time.
    func testThumbnailsOfAnHLSFolder() throws {
        let ws = try Workspace()
        let out = try ws.render(##"""
        { "version": 1, "output": { "format": "hls", "width": 64, "height": 48, "hls": { "segmentDuration": 1 } },
          "timeline": { "videos": [ { "color": "#FF0000", "duration": 1.5 }, { "color": "#0000FF", "duration": 1.5 } ] } }
        """##, to: "out")
        for (time, blue) in [(Time(value: 1, timescale: 2), false), (Time(value: 5, timescale: 2), true)] {
            let jpeg = try ThumbnailGenerator.jpeg(path: out, at: time)
            try Data(jpeg).write(to: URL(fileURLWithPath: ws.path("t.jpg")))
            let r = try Tools.run("ffmpeg", ["-v", "error", "-i", ws.path("t.jpg"), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
            let px = [UInt8](r.stdout)
            let centre = (24 * 64 + 32) * 3
            XCTAssertEqual(px[centre + (blue ? 2 : 0)] > 200, true, "at \(time) s: \(px[centre..<centre + 3])")
            XCTAssertLessThan(px[centre + (blue ? 0 : 2)], 60)
        }
    }
}

extension HLSOutputTests {
    /// Subtitles in HLS: a WebVTT rendition with one file a segment on the video's boundaries,
    /// named in the master, its cues read back through ffmpeg's playlist reader at their times.
    func testSubtitlesAreAWebVTTRendition() throws {
        let ws = try Workspace()
        try "1\n00:00:00,500 --> 00:00:01,500\nFish & chips > crisps\n\n2\n00:00:02,200 --> 00:00:02,900\nWorld\n"
            .write(toFile: ws.path("en.srt"), atomically: true, encoding: .utf8)
        let out = try ws.render(##"""
        { "version": 1, "output": { "format": "hls", "width": 32, "height": 32, "frameRate": 10, "hls": { "segmentDuration": 1 },
            "subtitles": [ { "src": "en.srt", "language": "eng", "title": "English", "default": true } ] },
          "timeline": { "videos": [ { "color": "#000000", "duration": 3 } ] } }
        """##, to: "out")
        let master = try String(contentsOfFile: out + "/master.m3u8", encoding: .utf8)
        XCTAssertTrue(master.contains(#"#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="eng",DEFAULT=YES,AUTOSELECT=YES,URI="subs_0.m3u8""#), master)
        XCTAssertTrue(master.contains(#"SUBTITLES="subs""#), master)
        let playlist = try String(contentsOfFile: out + "/subs_0.m3u8", encoding: .utf8)
        XCTAssertEqual(playlist.split(separator: "\n").filter { $0.hasSuffix(".vtt") }.count, 3, "one a segment: \(playlist)")
        let second = try String(contentsOfFile: out + "/subs_0_00001.vtt", encoding: .utf8)
        XCTAssertTrue(second.contains("00:00:00.500 --> 00:00:01.500\nFish &amp; chips &gt; crisps"), "a cue spanning two segments is in both: \(second)")
        let r = try Tools.run("ffmpeg", ["-v", "error", "-i", out + "/subs_0.m3u8", "-f", "srt", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.text.contains("00:00:02,200 --> 00:00:02,900"), r.text)
    }
}
