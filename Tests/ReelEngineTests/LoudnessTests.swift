import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest
import ReelBasics

/// `output.audio.loudness` against FFmpeg's own meter (`ebur128=peak=true`, BS.1770-4, its own ×4
/// true-peak oversampling) on the written output: within ±0.5 LU of the target and at or under the
/// true-peak ceiling, for quiet and loud sources, speech-like and music-like, stereo, mono and 5.1, AAC
/// and PCM; and the report the job shows agrees with that meter.
final class LoudnessTests: XCTestCase {
    /// Quiet and loud, speech-like (a voice-band tone, syllables and pauses) and music-like (decaying
    /// plucked notes with a bright overtone), and dense pink noise, each 8 s.
    static let sources: [(name: String, filter: String)] = [
        ("quiet-tone", "sine=f=440:d=8:r=48000,volume=0.03"),
        ("loud-noise", "anoisesrc=d=8:c=pink:r=48000:a=0.9:seed=20261128"),
        ("speech", "aevalsrc='0.05*sin(2*PI*180*t)*(0.5+0.5*sin(2*PI*3*t))*gt(mod(t,1.3),0.3)':s=48000:d=8"),
        ("music", "aevalsrc='0.9*sin(2*PI*220*t)*exp(-6*mod(t,0.5))+0.5*sin(2*PI*3300*t)*exp(-20*mod(t+0.25,0.5))':s=48000:d=8"),
    ]

    /// FFmpeg's measure of `path`: integrated loudness (LUFS) and the highest channel's true peak (dBTP).
    static func meter(_ path: String) throws -> (integrated: Double, truePeak: Double) {
        let out = try Tools.run("/usr/bin/ffmpeg", ["-nostats", "-v", "error", "-i", path, "-af", "ebur128=peak=true:metadata=1,ametadata=mode=print:file=-",
                                                    "-f", "null", "-"])
        var integrated = -Double.infinity, peaks: [String: Double] = [:]
        for line in out.text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let v = Double(parts[1]) else { continue }
            if parts[0] == "lavfi.r128.I" { integrated = v }
            if parts[0].hasPrefix("lavfi.r128.true_peaks_ch") { peaks[parts[0]] = v }
        }
        return (integrated, 20 * log10(peaks.values.max() ?? 0))
    }

    func render(_ ws: Workspace, source: String, loudness: String, audio: String = "", format: String = "m4a") throws -> (path: String, report: MeasuredLoudness?) {
        let video = format == "m4a" ? "" : ##""width": 64, "height": 48, "##
        let videos = format == "m4a" ? "" : ##""videos": [ { "color": "#000000", "duration": 8 } ], "##
        let json = ##"""
        { "version": 1, "output": { "format": "\##(format)", \##(video)"audio": { \##(audio)"loudness": \##(loudness) } },
          "timeline": { \##(videos)"voiceOvers": [ { "src": "\##(source).wav", "start": 0 } ] } }
        """##
        let out = try ws.render(json, to: "\(source).\(format)")
        return (out, try Renderer(plan: try ws.plan(json)).loudness(of: out))
    }

    func makeSources(_ ws: Workspace, channels: Int = 2) throws {
        for s in Self.sources {
            try Tools.ffmpeg(["-f", "lavfi", "-i", s.filter, "-ac", "\(channels)", ws.path(s.name + ".wav")])
        }
    }

    func testStereoAACToStreamingAndPodcastTargets() throws {
        let ws = try Workspace()
        try makeSources(ws)
        for s in Self.sources {
            for (target, spec) in [(-14.0, #"{ "target": "streaming" }"#), (-16.0, #"{ "target": -16, "truePeak": -1.5 }"#)] {
                let (path, report) = try render(ws, source: s.name, loudness: spec)
                let measured = try Self.meter(path)
                let ceiling = target == -14 ? -1.0 : -1.5
                XCTAssertEqual(measured.integrated, target, accuracy: 0.5, "\(s.name) → \(target) LUFS: FFmpeg measures \(measured)")
                XCTAssertLessThanOrEqual(measured.truePeak, ceiling, "\(s.name) → \(target): true peak \(measured.truePeak) dBTP")
                // The report is the output's own measure: it agrees with FFmpeg's meter.
                XCTAssertEqual(report?.integrated ?? 0, measured.integrated, accuracy: 0.1, "\(s.name)")
                XCTAssertEqual(report?.truePeak ?? 0, measured.truePeak, accuracy: 0.3, "\(s.name)")
            }
        }
    }

    func testMonoBroadcastAndPCM() throws {
        let ws = try Workspace()
        try makeSources(ws, channels: 1)
        for s in Self.sources where s.name != "quiet-tone" {
            let (aac, _) = try render(ws, source: s.name, loudness: #"{ "target": "broadcast" }"#, audio: #""channels": 1, "#)
            let m = try Self.meter(aac)
            XCTAssertEqual(m.integrated, -23, accuracy: 0.5, "\(s.name), mono AAC: \(m)")
            XCTAssertLessThanOrEqual(m.truePeak, -1, "\(s.name), mono AAC")
            let (pcm, report) = try render(ws, source: s.name, loudness: #"{ "target": -20, "truePeak": -2 }"#, audio: #""codec": "pcm", "#, format: "mov")
            let p = try Self.meter(pcm)
            XCTAssertEqual(p.integrated, -20, accuracy: 0.5, "\(s.name), PCM: \(p)")
            XCTAssertLessThanOrEqual(p.truePeak, -2, "\(s.name), PCM")
            XCTAssertEqual(report?.integrated ?? 0, p.integrated, accuracy: 0.1)
        }
    }

    /// A loud, dense source pushed past what −1 dBTP allows without limiting (gained to −11 LUFS its
    /// peaks would reach about −0.7 dBTP before the codec's overshoot): the limiter holds the ceiling (measured after the codec) while the
    /// loudness still lands on the target. (−10 LUFS of this noise is where the ceiling stops leaving
    /// room: the solver then keeps the ceiling and ends a little quieter, as documented.)
    /// 5.1 outputs (FL FR FC LFE and the surrounds): a 5.1 source kept as it is, a mono voice in the
    /// centre and stereo music in front left and right, brought to −23 LUFS by FFmpeg's meter (which
    /// weights the surrounds +1.5 dB and leaves the LFE out, as BS.1770 does), in AAC and Opus.
    func testFivePointOneOutputs() throws {
        let ws = try Workspace()
        // Six different signals in FFmpeg's 5.1 order: music left and right, speech in the centre,
        // a low tone in the LFE, noise in the surrounds.
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='0.3*sin(2*PI*220*t)*exp(-6*mod(t,0.5))':s=48000:d=8",
                          "-f", "lavfi", "-i", "aevalsrc='0.3*sin(2*PI*330*t)*exp(-6*mod(t+0.25,0.5))':s=48000:d=8",
                          "-f", "lavfi", "-i", "aevalsrc='0.2*sin(2*PI*180*t)*(0.5+0.5*sin(2*PI*3*t))*gt(mod(t,1.3),0.3)':s=48000:d=8",
                          "-f", "lavfi", "-i", "sine=f=50:d=8:r=48000",
                          "-f", "lavfi", "-i", "anoisesrc=d=8:c=pink:r=48000:a=0.1:seed=1",
                          "-f", "lavfi", "-i", "anoisesrc=d=8:c=pink:r=48000:a=0.1:seed=2",
                          "-filter_complex", "[0][1][2][3][4][5]join=inputs=6:channel_layout=5.1(side)", ws.path("surround.wav")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", Self.sources[2].filter, "-ac", "1", ws.path("voice.wav")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", Self.sources[3].filter, "-ac", "2", ws.path("music.wav")])
        for (format, codec) in [("m4a", "aac"), ("webm", "opus")] {
            let video = format == "webm" ? ##""width": 64, "height": 48, "##  : ""
            let videos = format == "webm" ? ##""videos": [ { "color": "#000000", "duration": 8 } ], "## : ""
            let json = ##"""
            { "version": 1, "output": { "format": "\##(format)", \##(video)"audio": { "codec": "\##(codec)", "channels": 6, "loudness": { "target": "broadcast" } } },
              "timeline": { \##(videos)"voiceOvers": [ { "src": "surround.wav", "start": 0 }, { "src": "voice.wav", "start": 0 } ],
                            "music": [ { "src": "music.wav" } ] } }
            """##
            let out = try ws.render(json, to: "surround.\(format)")
            let probe = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=channels", "-of", "csv=p=0", out])
            XCTAssertEqual(probe.text.trimmingCharacters(in: .whitespacesAndNewlines), "6", format)
            let m = try Self.meter(out)
            XCTAssertEqual(m.integrated, -23, accuracy: 0.5, "\(format) 5.1: \(m)")
            XCTAssertLessThanOrEqual(m.truePeak, -1, format)
            // Where each item went: the voice only in the centre, the music only in front, the
            // 5.1 source's LFE tone in the LFE.
            let levels = try Self.channelLevels(out)
            XCTAssertEqual(levels.count, 6)
            XCTAssertGreaterThan(levels[3], -60, "\(format): the LFE carries the 5.1 source's low tone")
        }
        // Which channel an item lands in, without a loudness target (the mixer's placement alone).
        let placement = ##"""
        { "version": 1, "output": { "format": "mov", "width": 64, "height": 48, "audio": { "codec": "pcm", "channels": 6 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 8 } ], "voiceOvers": [ { "src": "voice.wav", "start": 0 } ] } }
        """##
        let mono = try Self.channelLevels(try ws.render(placement, to: "mono-into-51.mov"))
        XCTAssertGreaterThan(mono[2], -40, "a mono voice plays in the centre")
        for c in [0, 1, 3, 4, 5] { XCTAssertLessThan(mono[c], -80, "and nowhere else (channel \(c))") }
        let stereo = try Self.channelLevels(try ws.render(placement.replacingOccurrences(of: "voice.wav", with: "music.wav"), to: "stereo-into-51.mov"))
        XCTAssertGreaterThan(stereo[0], -40, "stereo music in front left")
        XCTAssertGreaterThan(stereo[1], -40, "and front right")
        for c in [2, 3, 4, 5] { XCTAssertLessThan(stereo[c], -80, "and nowhere else (channel \(c))") }
    }

    /// Each channel's RMS level in dBFS (FFmpeg's astats).
    static func channelLevels(_ path: String) throws -> [Double] {
        let out = try Tools.run("/usr/bin/ffmpeg", ["-nostats", "-v", "error", "-i", path, "-af", "astats=metadata=1:reset=0,ametadata=mode=print:file=-",
                                                    "-f", "null", "-"])
        var levels: [Int: Double] = [:]
        for line in out.text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0].hasPrefix("lavfi.astats."), parts[0].hasSuffix(".RMS_level") else { continue }
            let channel = parts[0].dropFirst("lavfi.astats.".count).prefix { $0 != "." }
            if let c = Int(channel) { levels[c - 1] = Double(parts[1]) ?? -.infinity }
        }
        return (0..<levels.count).map { levels[$0] ?? -.infinity }
    }

    func testTheLimiterHoldsTheCeilingOfALoudTarget() throws {
        let ws = try Workspace()
        try makeSources(ws)
        let (path, _) = try render(ws, source: "loud-noise", loudness: #"{ "target": -11 }"#)
        let m = try Self.meter(path)
        XCTAssertLessThanOrEqual(m.truePeak, -1, "\(m)")
        XCTAssertEqual(m.integrated, -11, accuracy: 0.5, "\(m)")
    }

    /// An HLS output's report is its audio rendition's (init segment and segments in order).
    func testAnHLSOutputIsMeasuredByItsAudioRendition() throws {
        let ws = try Workspace()
        try makeSources(ws)
        let json = ##"""
        { "version": 1, "output": { "format": "hls", "width": 64, "height": 48, "hls": { "segmentDuration": 2 }, "audio": { "loudness": { "target": -16 } } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 6 } ], "voiceOvers": [ { "src": "speech.wav", "start": 0 } ] } }
        """##
        let out = try ws.render(json, to: "hls")
        let report = try XCTUnwrap(try Renderer(plan: try ws.plan(json)).loudness(of: out))
        let segments = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix("audio_") && $0.hasSuffix(".m4s") }.sorted()
        var joined = try Data(contentsOf: URL(fileURLWithPath: out + "/audio_init.mp4"))
        for s in segments { joined += try Data(contentsOf: URL(fileURLWithPath: out + "/" + s)) }
        try joined.write(to: URL(fileURLWithPath: ws.path("joined.mp4")))
        let measured = try Self.meter(ws.path("joined.mp4"))
        XCTAssertEqual(measured.integrated, -16, accuracy: 0.5, "\(measured)")
        XCTAssertEqual(report.integrated ?? 0, measured.integrated, accuracy: 0.1)
    }

    func testSilenceStaysSilentAndIsReportedAsNone() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-t", "3", ws.path("silence.wav")])
        let (path, report) = try render(ws, source: "silence", loudness: #"{ "target": -14 }"#)
        XCTAssertEqual(report, MeasuredLoudness(integrated: nil, truePeak: nil, range: nil))
        XCTAssertEqual(try Self.meter(path).integrated, -70, accuracy: 50, "no gain was applied to nothing")
    }

    /// `normalize: true`: a quiet and a loud item each brought to −23 LUFS before their volume (FFmpeg
    /// measuring each one's stretch of the output), a music item at half volume 6 dB under that.
    func testNormalizedItemsMatch() throws {
        let ws = try Workspace()
        try makeSources(ws)
        let json = ##"""
        { "version": 1, "output": { "format": "m4a" }, "timeline": {
          "voiceOvers": [ { "src": "quiet-tone.wav", "start": 0, "sourceRange": { "start": 0, "duration": 4 }, "normalize": true },
                          { "src": "loud-noise.wav", "start": 4, "sourceRange": { "start": 0, "duration": 4 }, "normalize": true } ],
          "music": [ { "src": "music.wav", "sourceRange": { "start": 0, "duration": 4 }, "volume": 0, "fadeIn": 0 },
                     { "src": "music.wav", "sourceRange": { "start": 0, "duration": 4 }, "volume": 0.5, "normalize": true } ] } }
        """##
        let out = try ws.render(json, to: "normalized.m4a")
        func level(from: Double) throws -> Double {
            try Tools.ffmpeg(["-ss", "\(from)", "-t", "4", "-i", out, ws.path("part-\(Int(from)).wav")])
            return try Self.meter(ws.path("part-\(Int(from)).wav")).integrated
        }
        XCTAssertEqual(try level(from: 0), -23, accuracy: 0.5, "the quiet tone, alone in the first 4 s")
        // The loud noise at −23 LUFS with the music at −29 LUFS under it: their powers add.
        let both = 10 * log10(pow(10, -23.0 / 10) + pow(10, (-23.0 + 20 * log10(0.5)) / 10))
        XCTAssertEqual(try level(from: 4), both, accuracy: 0.6, "the loud noise and the music, each normalized")
        let problems: [SpecProblem]
        if case .failure(let e) = SpecDecoder.decode(Array(##"{ "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1, "normalize": true } ], "voiceOvers": [ { "src": "a.wav", "start": 0, "normalize": 1 } ] } }"##.utf8)) {
            problems = e.problems
        } else { problems = [] }
        XCTAssertEqual(Set(problems.map(\.pointer)), ["/timeline/videos/0/normalize", "/timeline/voiceOvers/0/normalize"])
    }

    func testTargetsAndCeilingsAreCheckedAtTheirPointers() throws {
        func problems(_ output: String) -> [String: String] {
            let json = ##"{ "version": 1, "output": \##(output), "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }"##
            guard case .failure(let e) = SpecDecoder.decode(Array(json.utf8)) else { return [:] }
            return Dictionary(e.problems.map { ($0.pointer, $0.message) }) { a, _ in a }
        }
        XCTAssertEqual(Set(problems(#"{ "audio": { "loudness": { "target": -3, "truePeak": 1 } } }"#).keys),
                       ["/output/audio/loudness/target", "/output/audio/loudness/truePeak"])
        XCTAssertTrue(problems(#"{ "audio": { "loudness": { "target": "loud" } } }"#)["/output/audio/loudness/target"]?.contains("streaming") == true)
        XCTAssertEqual(Set(problems(#"{ "audio": { "loudness": {} } }"#).keys), ["/output/audio/loudness/target"])
        XCTAssertTrue(problems(#"{ "format": "gif", "audio": { "loudness": { "target": -14 } } }"#)["/output/audio"]?.contains("no audio") == true)
        let ok = ##"{ "version": 1, "output": { "audio": { "loudness": { "target": "atsc" } } }, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ] } }"##
        guard case .success(let spec) = SpecDecoder.decode(Array(ok.utf8)) else { return XCTFail("atsc") }
        XCTAssertEqual(spec.output.audio.loudness, LoudnessSpec(target: -24, truePeak: -1))
    }
}
