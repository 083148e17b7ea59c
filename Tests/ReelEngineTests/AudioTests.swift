@testable import ReelEngine
import ReelSpec
import XCTest

/// Each clip's own audio: placement to the sample, silence for silent clips, resampling and layout.
final class AudioTests: XCTestCase {
    /// Index of the first sample whose magnitude passes `threshold`.
    func onset(_ s: [Float], threshold: Float = 0.05) -> Int? { s.firstIndex { abs($0) > threshold } }

    func rms(_ s: ArraySlice<Float>) -> Double {
        guard !s.isEmpty else { return 0 }
        return (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(s.count)).squareRoot()
    }

    func testTrimmedAudioLandsOnTheExactSample() throws {
        let ws = try Workspace()
        // Silence, then a 1 kHz tone from exactly 1 s, beside a video track.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=32x32:r=30:d=3",
                          "-f", "lavfi", "-i", "aevalsrc='if(gte(t,1),0.5*sin(2*PI*1000*t),0)':s=48000:d=3",
                          "-c:v", "libx264", "-c:a", "pcm_s16le", ws.path("tone.mov")])
        // A 1 s colour card, then the clip trimmed from 0.5 s: the tone must start at 1.5 s.
        let out = try ws.render("""
        { "version": 1, "output": { "frameRate": 30 },
          "timeline": { "videos": [ { "color": "#000000", "duration": 1 },
                                    { "src": "tone.mov", "sourceRange": { "start": 0.5, "duration": 1.5 } } ] } }
        """)
        let left = try Tools.samples(out, channels: 2)[0]
        let start = try XCTUnwrap(onset(left))
        XCTAssertEqual(Double(start), 1.5 * 48000, accuracy: 48, "within 1 ms (AAC smears an onset slightly)")
        XCTAssertEqual(Double(left.count), 2.5 * 48000, accuracy: 1024 * 2 + 1, "the track is as long as the timeline")
        XCTAssertLessThan(rms(left[0..<70_000]), 0.002, "nothing before the onset")
    }

    /// An MP3's stream lasts a fraction of a microsecond longer than its container says (FFmpeg
    /// rounds the container's duration to microseconds): an item without a `sourceRange` takes the
    /// whole stream, which must not be refused as ending after the file.
    func testAnMP3ItemWithoutASourceRangePlaysWhole() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1.5", "-ac", "2",
                          "-c:a", "libmp3lame", ws.path("bed.mp3")])
        let out = try ws.render(#"{ "version": 1, "output": { "format": "m4a" }, "timeline": { "music": [ { "src": "bed.mp3" } ] } }"#,
                                to: "out.m4a")
        let mp3 = try XCTUnwrap(Double(try XCTUnwrap(try Tools.probe(ws.path("bed.mp3"))["format"] as? [String: Any])["duration"] as? String ?? ""))
        let rendered = try Tools.samples(out, channels: 2)[0]
        XCTAssertEqual(Double(rendered.count) / 48000, mp3, accuracy: 0.03, "as long as the MP3")
        XCTAssertGreaterThan(rms(rendered[24_000..<48_000]), 0.05, "and it is the tone (sine's amplitude 1/8: RMS 0.088)")
    }

    func testClipWithoutAudioPlaysSilenceOfTheRightLength() throws {
        let ws = try Workspace()
        try ws.lumaRamp("mute.mp4", seconds: 2)
        try ws.lumaRamp("loud.mp4", seconds: 1, audio: true)
        let out = try ws.render("""
        { "version": 1, "timeline": { "videos": [ { "src": "mute.mp4" }, { "src": "loud.mp4" } ] } }
        """)
        let probe = try Tools.probe(out)
        let a = try XCTUnwrap(Tools.stream(probe, "audio")), v = try XCTUnwrap(Tools.stream(probe, "video"))
        XCTAssertEqual(try XCTUnwrap(a.double("duration")), 3, accuracy: 1.0 / 30)
        XCTAssertEqual(try XCTUnwrap(v.double("duration")), 3, accuracy: 0.001)
        let left = try Tools.samples(out, channels: 2)[0]
        XCTAssertLessThan(rms(left[0..<95_000]), 0.001, "the silent clip is silent")
        // lavfi's sine has amplitude 1/8: RMS 0.088.
        XCTAssertEqual(rms(left[98_000..<142_000]), 0.125 / 2.0.squareRoot(), accuracy: 0.01)
    }

    func testMonoAt44100PlaysAtItsOwnLevelInBothChannelsAt48000() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=32x32:r=30:d=1",
                          "-f", "lavfi", "-i", "sine=frequency=500:sample_rate=44100:duration=1",
                          "-c:v", "libx264", "-c:a", "aac", "-ac", "1", "-shortest", ws.path("mono.mp4")])
        let out = try ws.render(#"{ "version": 1, "timeline": { "videos": [ { "src": "mono.mp4" } ] } }"#)
        let a = try XCTUnwrap(Tools.stream(try Tools.probe(out), "audio"))
        XCTAssertEqual(a.int("sample_rate"), 48000)
        XCTAssertEqual(a.int("channels"), 2)
        let ch = try Tools.samples(out, channels: 2)
        let expected = 0.125 / 2.0.squareRoot()
        XCTAssertEqual(rms(ch[0][4800..<43200]), expected, accuracy: 0.01)
        XCTAssertEqual(rms(ch[1][4800..<43200]), expected, accuracy: 0.01)
    }

    func testMutedAndVolumeAreHonoured() throws {
        let ws = try Workspace()
        try ws.lumaRamp("loud.mp4", seconds: 1, audio: true)
        let out = try ws.render("""
        { "version": 1, "timeline": { "videos": [ { "src": "loud.mp4", "muted": true }, { "src": "loud.mp4", "volume": 0.5 } ] } }
        """)
        let left = try Tools.samples(out, channels: 2)[0]
        XCTAssertLessThan(rms(left[2000..<46000]), 0.001)
        XCTAssertEqual(rms(left[52000..<94000]), 0.5 * 0.125 / 2.0.squareRoot(), accuracy: 0.006)
    }

    func testAudioStaysInSyncAcrossManyCuts() throws {
        let ws = try Workspace()
        // A clip whose audio is a click at the start of every second, beside its video.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=32x32:r=25:d=4",
                          "-f", "lavfi", "-i", "aevalsrc='if(lt(mod(t,1),0.01),0.8,0)':s=44100:d=4",
                          "-c:v", "libx264", "-c:a", "aac", "-shortest", ws.path("clicks.mp4")])
        // Six trims of 0.7 s starting 0.3 s before a click: each click must land 0.3 s into its item.
        let items = (0..<6).map { _ in #"{ "src": "clicks.mp4", "sourceRange": { "start": 0.7, "duration": 0.7 } }"# }
        let out = try ws.render(#"{ "version": 1, "timeline": { "videos": [ \#(items.joined(separator: ",")) ] } }"#)
        let left = try Tools.samples(out, channels: 2)[0]
        for k in 0..<6 {
            let itemStart = Int(Double(k) * 0.7 * 48000)
            let window = Array(left[itemStart..<min(left.count, itemStart + Int(0.6 * 48000))])
            let click = try XCTUnwrap(onset(window, threshold: 0.3), "click \(k)")
            XCTAssertEqual(Double(click), 0.3 * 48000, accuracy: 96, "click \(k) within 2 ms of its place")
        }
    }
}
