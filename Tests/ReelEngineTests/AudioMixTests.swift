@testable import ReelEngine
import ReelSpec
import XCTest

/// Voice-overs, music, automation, fades, pan, ducking, loops and the limiter. Sources are lossless
/// WAV made by ffmpeg, so the mixdown can be checked to the sample; full renders check the AAC file.
final class AudioMixTests: XCTestCase {
    /// A float WAV from an aevalsrc expression.
    func wav(_ ws: Workspace, _ name: String, _ expr: String, rate: Int = 48000, seconds: Double, channels: Int = 1) throws {
        let layout = channels == 1 ? "mono" : "stereo"
        let exprs = Array(repeating: expr, count: channels).joined(separator: "|")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='\(exprs)':s=\(rate):d=\(seconds):c=\(layout)", "-c:a", "pcm_f32le", ws.path(name)])
    }

    func rms(_ s: [Float], _ from: Double, _ to: Double, rate: Double = 48000) -> Double {
        let slice = s[Int(from * rate)..<Int(to * rate)]
        return (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(slice.count)).squareRoot()
    }

    func mix(_ ws: Workspace, _ json: String) throws -> [[Float]] { try Mixdown.render(try ws.plan(json)) }

    func testVoiceOversStartOnTheirExactSample() throws {
        let ws = try Workspace()
        try wav(ws, "dc.wav", "0.5", seconds: 1)
        let m = try mix(ws, ##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 5 } ],
          "voiceOvers": [ { "src": "dc.wav", "start": 3 }, { "src": "dc.wav", "start": "1001/3000", "sourceRange": { "start": 0, "duration": 0.25 } } ] } }
        """##)
        let left = m[0]
        XCTAssertEqual(left.count, 5 * 48000)
        XCTAssertEqual(left[16015], 0)
        XCTAssertEqual(left[16016], 0.5, "1001/3000 s is sample 16016 exactly")
        XCTAssertEqual(left[16016 + 12000 - 1], 0.5)
        XCTAssertEqual(left[16016 + 12000], 0, "a quarter second later it ends on the sample")
        XCTAssertEqual(left[143_999], 0)
        XCTAssertEqual(left[144_000], 0.5, "3 s is sample 144000")
        XCTAssertEqual(left[191_999], 0.5)
        XCTAssertEqual(left[192_000], 0)
        XCTAssertEqual(m[1][144_000], 0.5, "mono plays at its own level on both sides")
    }

    func testVolumeAutomationIsAStraightLinePerSample() throws {
        let ws = try Workspace()
        try wav(ws, "dc.wav", "1", seconds: 6)
        let m = try mix(ws, ##"""
        { "version": 1, "output": { "format": "m4a" }, "timeline": {
          "music": [ { "src": "dc.wav", "volume": [ { "time": 0, "value": 0.5 }, { "time": 3, "value": 0.5 },
                                                   { "time": 3.5, "value": 0.15 }, { "time": 6, "value": 0.15 } ] } ] } }
        """##)
        let left = m[0]
        XCTAssertEqual(left.count, 6 * 48000)
        XCTAssertEqual(left[100_000], 0.5, accuracy: 1e-6)
        XCTAssertEqual(left[144_000], 0.5, accuracy: 1e-6)
        // Inside the ramp every sample is on the line from 0.5 at 3 s to 0.15 at 3.5 s.
        for k in stride(from: 144_000, through: 168_000, by: 1000) {
            let expected = 0.5 - 0.35 * Double(k - 144_000) / 24_000
            XCTAssertEqual(Double(left[k]), expected, accuracy: 1e-5, "sample \(k)")
        }
        XCTAssertEqual(left[200_000], 0.15, accuracy: 1e-6)
        let steps = zip(left[144_000..<168_000], left[144_001...]).map { abs($0 - $1) }
        XCTAssertLessThan(steps.max()!, 2e-5, "no zipper steps")
    }

    func testAutomationOnAToneMeasuresTheRightRMS() throws {
        let ws = try Workspace()
        try ws.lumaRamp("v.mp4", seconds: 6)
        try wav(ws, "tone.wav", "0.5*sin(2*PI*1000*t)", rate: 44100, seconds: 6)
        let out = try ws.render(##"""
        { "version": 1, "timeline": { "videos": [ { "src": "v.mp4" } ],
          "music": [ { "src": "tone.wav", "volume": [ { "time": 0, "value": 0.5 }, { "time": 3, "value": 0.5 },
                                                     { "time": 3.5, "value": 0.15 }, { "time": 6, "value": 0.15 } ] } ] } }
        """##)
        let left = try Tools.samples(out, channels: 2)[0]
        let a = 0.5 / 2.0.squareRoot()
        XCTAssertEqual(rms(left, 1, 2.9), 0.5 * a, accuracy: 0.01)
        XCTAssertEqual(rms(left, 3.2, 3.3), 0.325 * a, accuracy: 0.012, "halfway down the ramp")
        XCTAssertEqual(rms(left, 3.6, 5.5), 0.15 * a, accuracy: 0.005)
    }

    func testFadesAndConstantPowerPan() throws {
        let ws = try Workspace()
        try wav(ws, "dc.wav", "0.5", seconds: 4)
        let faded = try mix(ws, ##"""
        { "version": 1, "output": { "format": "m4a" }, "timeline": { "voiceOvers": [ { "src": "dc.wav", "start": 0, "fadeIn": 1, "fadeOut": 1 } ] } }
        """##)[0]
        XCTAssertEqual(faded[0], 0)
        XCTAssertEqual(faded[24_000], 0.25, accuracy: 1e-5, "half-way through the fade-in")
        XCTAssertEqual(faded[96_000], 0.5, accuracy: 1e-6)
        XCTAssertEqual(faded[168_000], 0.25, accuracy: 1e-5, "half-way through the fade-out")
        for (pan, left, right) in [(-1.0, 0.5 * 2.0.squareRoot(), 0.0), (0.0, 0.5, 0.5), (1.0, 0.0, 0.5 * 2.0.squareRoot())] {
            let m = try mix(ws, ##"""
            { "version": 1, "output": { "format": "m4a" }, "timeline": { "voiceOvers": [ { "src": "dc.wav", "start": 0, "pan": \##(pan) } ] } }
            """##)
            XCTAssertEqual(Double(m[0][1000]), left, accuracy: 1e-6, "pan \(pan) left")
            XCTAssertEqual(Double(m[1][1000]), right, accuracy: 1e-6, "pan \(pan) right")
        }
        let half = try mix(ws, ##"""
        { "version": 1, "output": { "format": "m4a" }, "timeline": { "voiceOvers": [ { "src": "dc.wav", "start": 0, "pan": -0.5 } ] } }
        """##)
        let power = Double(half[0][1000] * half[0][1000] + half[1][1000] * half[1][1000])
        XCTAssertEqual(power, 2 * 0.25, accuracy: 1e-6, "constant power")
        XCTAssertGreaterThan(half[0][1000], half[1][1000])
    }

    func testLoopFillsTheTimelineSeamlessly() throws {
        let ws = try Workspace()
        // 1.3 s holds exactly 130 periods of 100 Hz, so a seamless loop is one continuous sine.
        try wav(ws, "bed.wav", "0.5*sin(2*PI*100*t)", seconds: 1.3)
        let m = try mix(ws, ##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 10 } ], "music": [ { "src": "bed.wav", "loop": true } ] } }
        """##)
        let left = m[0]
        XCTAssertEqual(left.count, 480_000)
        var worst = 0.0
        for n in 0..<left.count {
            worst = max(worst, abs(Double(left[n]) - 0.5 * sin(2 * Double.pi * 100 * Double(n) / 48000)))
        }
        XCTAssertLessThan(worst, 1e-4, "every loop point continues the sine without a gap or click")
    }

    func testDuckingLowersMusicWhileAVoiceOverPlays() throws {
        let ws = try Workspace()
        try wav(ws, "bed.wav", "0.5*sin(2*PI*1000*t)", seconds: 8)
        try wav(ws, "quiet.wav", "0", seconds: 2)
        let m = try mix(ws, ##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 8 } ],
          "voiceOvers": [ { "src": "quiet.wav", "start": 3 } ],
          "music": [ { "src": "bed.wav", "duckUnder": "voiceOvers", "duckLevel": 0.2 } ] } }
        """##)
        let a = 0.5 / 2.0.squareRoot()
        XCTAssertEqual(rms(m[0], 1, 2.7), a, accuracy: 0.002, "full level before")
        XCTAssertEqual(rms(m[0], 3, 5), 0.2 * a, accuracy: 0.002, "ducked while the voice-over plays")
        XCTAssertEqual(rms(m[0], 5.5, 7.5), a, accuracy: 0.002, "restored after")
        let steps = zip(m[0][130_000..<150_000], m[0][130_001...]).map { abs($0 - $1) }
        XCTAssertLessThan(steps.max()!, 0.07, "the duck is a ramp, not a jump")
    }

    func testRatesAndLayoutsMixToTheOutputRateAtExactLength() throws {
        let ws = try Workspace()
        try wav(ws, "mono44.wav", "0.25*sin(2*PI*440*t)", rate: 44100, seconds: 2.5)
        try wav(ws, "stereo48.wav", "0.25*sin(2*PI*660*t)", seconds: 2.5, channels: 2)
        try Tools.ffmpeg(["-i", ws.path("mono44.wav"), "-c:a", "libmp3lame", ws.path("mono44.mp3")])
        let json = ##"""
        { "version": 1, "output": { "format": "m4a" }, "timeline": {
          "voiceOvers": [ { "src": "mono44.mp3", "start": 0, "sourceRange": { "start": 0, "duration": 2 } },
                          { "src": "stereo48.wav", "start": 0.5, "sourceRange": { "start": 0, "duration": 2 } } ] } }
        """##
        let m = try mix(ws, json)
        XCTAssertEqual(m.count, 2)
        XCTAssertEqual(m[0].count, 120_000, "2.5 s at 48 kHz exactly")
        XCTAssertEqual(rms(m[0], 0.1, 0.45), 0.25 / 2.0.squareRoot(), accuracy: 0.01)
        XCTAssertEqual(rms(m[1], 2.05, 2.45), 0.25 / 2.0.squareRoot(), accuracy: 0.01)
        let out = try ws.render(json, to: "out.m4a")
        let probe = try Tools.probe(out)
        let streams = try XCTUnwrap(probe["streams"] as? [[String: Any]])
        XCTAssertEqual(streams.count, 1, "m4a has no video track")
        XCTAssertEqual(streams[0]["codec_name"] as? String, "aac")
        XCTAssertEqual(streams[0].int("sample_rate"), 48000)
        XCTAssertEqual(try XCTUnwrap(streams[0].double("duration")), 2.5, accuracy: 0.001)
        // ffmpeg 5.1 decodes the last AAC frame's padding too; the edit list (duration above) trims it.
        let decoded = try Tools.samples(out, channels: 2)[0].count
        XCTAssertTrue((120_000..<121_024).contains(decoded), "\(decoded) samples")
    }

    func testSurroundFLACAndOpusSourcesMixIn() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=300:sample_rate=96000:duration=1", "-af", "pan=5.1|FL=c0|FR=c0",
                          "-c:a", "flac", ws.path("surround.flac")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=300:sample_rate=22050:duration=1", "-c:a", "libopus", ws.path("voice.opus")])
        let m = try mix(ws, ##"""
        { "version": 1, "output": { "format": "m4a" }, "timeline": {
          "voiceOvers": [ { "src": "surround.flac", "start": 0 }, { "src": "voice.opus", "start": 1 } ] } }
        """##)
        // The timeline ends where the Opus item ends: 1 s plus its own length as ffprobe reads it.
        let opus = try XCTUnwrap((try Tools.probe(ws.path("voice.opus"))["format"] as? [String: Any])?.double("duration"))
        XCTAssertEqual(Double(m[0].count), (1 + opus) * 48000, accuracy: 1)
        XCTAssertGreaterThan(rms(m[0], 0.2, 0.8), 0.05, "the 5.1 front-left reaches the left channel")
        XCTAssertGreaterThan(rms(m[1], 1.2, 1.8), 0.05, "the Opus voice plays")
    }

    func testLimiterKeepsLoudOverlapsFromClipping() throws {
        let ws = try Workspace()
        try wav(ws, "loud.wav", "0.8*sin(2*PI*200*t)", seconds: 2)
        let m = try mix(ws, ##"""
        { "version": 1, "output": { "format": "m4a" }, "timeline": {
          "voiceOvers": [ { "src": "loud.wav", "start": 0 }, { "src": "loud.wav", "start": 1, "sourceRange": { "start": 0, "duration": 1 } } ] } }
        """##)
        let peak = m[0].map { abs($0) }.max()!
        XCTAssertLessThanOrEqual(peak, 0.892, "never above −1 dBFS")
        XCTAssertGreaterThan(peak, 0.8, "limited, not silenced")
        // Where nothing overlaps, the mix is the source itself.
        for n in stride(from: 0, to: 40_000, by: 997) {
            XCTAssertEqual(Double(m[0][n]), 0.8 * sin(2 * Double.pi * 200 * Double(n) / 48000), accuracy: 1e-4)
        }
    }

    func testLimiterSurvivesPeaksThatComeBackAfterQuietGaps() throws {
        let ws = try Workspace()
        // Loud 20 ms bursts every 100 ms: limiter entries expire between them.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='if(lt(mod(t,0.1),0.02),0.8*sin(2*PI*200*t),0)':s=48000:d=2",
                          "-c:a", "pcm_f32le", ws.path("bursts.wav")])
        let m = try Mixdown.render(try ws.plan(##"""
        { "version": 1, "output": { "format": "m4a" }, "timeline": { "voiceOvers": [ { "src": "bursts.wav", "start": 0, "volume": 2 } ] } }
        """##))
        XCTAssertLessThanOrEqual(m[0].map { abs($0) }.max()!, 0.892)
    }

    func testVideoItemVolumeAutomationAndMusicAfterALoopIsRefused() throws {
        let ws = try Workspace()
        try ws.lumaRamp("v.mp4", seconds: 2, audio: true)
        let m = try mix(ws, ##"""
        { "version": 1, "timeline": { "videos": [ { "src": "v.mp4", "volume": [ { "time": 0, "value": 1 }, { "time": 2, "value": 0 } ] } ] } }
        """##)
        XCTAssertGreaterThan(rms(m[0], 0.1, 0.3), 3 * rms(m[0], 1.7, 1.9))
        let spec = SpecDecoder.decode(Array(##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ],
          "music": [ { "src": "a.wav", "loop": true }, { "src": "b.wav" } ] } }
        """##.utf8))
        guard case .failure(let problems) = spec else { return XCTFail("a music item after a loop must be refused") }
        XCTAssertEqual(problems.problems.map(\.pointer), ["/timeline/music/1"])
    }
}
