import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// `webm`: VP9 and Opus in Matroska, read back with ffprobe and ffmpeg.
final class WebMOutputTests: XCTestCase {
    func testVP9AndOpusWithExactFramesSamplesAndCuesFirst() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", size: "64x48", seconds: 2, audio: true)
        let out = try ws.render("""
        { "version": 1, "output": { "format": "webm", "frameRate": 30, "metadata": { "title": "Holiday" },
                                    "chapters": [ { "start": 0, "title": "A" }, { "start": 1, "title": "B" } ] },
          "timeline": { "videos": [ { "src": "ramp.mp4", "sourceRange": { "start": 0.5, "duration": 1.5 } },
                                    { "color": "#808080", "duration": 0.5 } ] } }
        """, to: "out.webm")
        let probe = try Tools.probe(out)
        let video = try XCTUnwrap(Tools.stream(probe, "video"))
        let audio = try XCTUnwrap(Tools.stream(probe, "audio"))
        XCTAssertEqual(video["codec_name"] as? String, "vp9")
        XCTAssertEqual(video.int("nb_read_frames"), 60, "2 s at 30 fps")
        XCTAssertEqual(audio["codec_name"] as? String, "opus")
        XCTAssertEqual(audio.int("sample_rate"), 48000)
        XCTAssertEqual(audio.int("channels"), 2)
        XCTAssertEqual(((probe["format"] as? [String: Any])?["tags"] as? [String: Any])?["title"] as? String, "Holiday")
        XCTAssertEqual((probe["chapters"] as? [Any])?.count, 2)
        // Opus's encoder delay is signalled, so the decoded track is the timeline's length.
        let samples = try Tools.samples(out, channels: 2)[0]
        XCTAssertEqual(samples.count, 96_000, "2 s at 48 kHz, to the sample")
        // The tone plays under the clip, and the colour card is silent.
        XCTAssertGreaterThan(samples[24_000..<48_000].map { abs($0) }.max() ?? 0, 0.05)
        XCTAssertLessThan(samples[76_000..<96_000].map { abs($0) }.max() ?? 1, 0.01)
        // Frame 0 shows ramp frame 15 (luma 15), the last frames the grey card (limited-range 126).
        let frames = try Tools.lumaFrames(out, width: 64, height: 48)
        XCTAssertEqual(Double(frames[0][24 * 64 + 32]), 15, accuracy: 4)
        XCTAssertEqual(Double(frames[59][24 * 64 + 32]), 126, accuracy: 4)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        let cues = try XCTUnwrap(bytes.range(of: Data([0x1C, 0x53, 0xBB, 0x6B]))).lowerBound
        let cluster = try XCTUnwrap(bytes.range(of: Data([0x1F, 0x43, 0xB6, 0x75]))).lowerBound
        XCTAssertLessThan(cues, cluster, "optimizeForNetwork puts the cues before the first cluster")
    }

    func testVP9SettingsReachTheEncoder() throws {
        let plan = RenderPlanner.videoEncoding({ var o = OutputSpec(); o.format = .webm; return o }(), frameRate: Rational(30))
        XCTAssertEqual(plan.codec, .vp9)
        XCTAssertEqual(plan.crf, 32, "VP9's constant-quality default")
        let options = Dictionary(uniqueKeysWithValues: OutputEncoders.vp9Options(plan))
        XCTAssertEqual(options["deadline"], "good")
        XCTAssertEqual(options["cpu-used"], "5")
        XCTAssertEqual(options["row-mt"], "1")
        XCTAssertEqual(options["crf"], "32")
        // A bitrate instead of crf: a VBR target, no crf option.
        let ws = try Workspace()
        let out = try ws.render(##"""
        { "version": 1, "output": { "format": "webm", "width": 64, "height": 48, "video": { "bitrate": 200000, "preset": "ultrafast" } },
          "timeline": { "videos": [ { "color": "#336699", "duration": 1 } ] } }
        """##, to: "vbr.webm")
        XCTAssertEqual(Tools.stream(try Tools.probe(out), "video")?.int("nb_read_frames"), 30)
    }
}
