import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// ProRes in `mov`, with PCM audio: read back with ffprobe, pictures and samples compared.
final class ProResOutputTests: XCTestCase {
    func testProfilesPixelFormatsAndExactContent() throws {
        let ws = try Workspace()
        try ws.lumaRamp("ramp.mp4", size: "64x48", seconds: 1, audio: true)
        for (profile, name, tag, format) in [(nil, "HQ", "apch", "yuv422p10le"), ("proxy", "Proxy", "apco", "yuv422p10le"),
                                             ("4444", "4444", "ap4h", "yuv444p12le")] {
            // FFmpeg's decoder reports 4444 as 12-bit whatever the encoder's input depth was.
            let video = profile.map { #", "profile": "\#($0)""# } ?? ""
            let out = try ws.render("""
            { "version": 1, "output": { "format": "mov", "frameRate": 30, "video": { "codec": "prores"\(video) } },
              "timeline": { "videos": [ { "src": "ramp.mp4", "sourceRange": { "start": "10/30", "duration": "20/30" } } ] } }
            """, to: "out-\(name).mov")
            let probe = try Tools.probe(out)
            let v = try XCTUnwrap(Tools.stream(probe, "video"))
            XCTAssertEqual(v["codec_name"] as? String, "prores")
            XCTAssertEqual(v["profile"] as? String, name)
            XCTAssertEqual(v["codec_tag_string"] as? String, tag)
            XCTAssertEqual(v["pix_fmt"] as? String, format)
            XCTAssertEqual(v.int("nb_read_frames"), 20)
            let a = try XCTUnwrap(Tools.stream(probe, "audio"))
            XCTAssertEqual(a["codec_name"] as? String, "pcm_s16le", "PCM beside ProRes by default")
            // Frame k shows ramp frame 10 + k: ProRes keeps the luma to within a level.
            let luma = try Tools.lumaFrames(out, width: 64, height: 48)
            for k in [0, 9, 19] { XCTAssertEqual(Int(luma[k][24 * 64 + 32]), 10 + k, accuracy: 1, "\(name) frame \(k)") }
        }
    }

    /// PCM is the mixdown itself, to 16 bits.
    func testPCMAudioIsTheMixdown() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1", ws.path("tone.wav")])
        let json = ##"""
        { "version": 1, "output": { "format": "mov", "width": 32, "height": 32, "video": { "codec": "prores", "profile": "proxy" } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "voiceOvers": [ { "src": "tone.wav", "start": 0.25, "volume": 0.7 } ] } }
        """##
        let expected = try Mixdown.render(try ws.plan(json))[0]
        let out = try ws.render(json, to: "out.mov")
        let decoded = try Tools.samples(out, channels: 2)[0]
        XCTAssertEqual(decoded.count, expected.count)
        let worst = zip(decoded, expected).map { abs($0 - $1) }.max() ?? 1
        XCTAssertLessThan(worst, 1.0 / 32768 + 1e-6, "16-bit rounding only")
    }
}
