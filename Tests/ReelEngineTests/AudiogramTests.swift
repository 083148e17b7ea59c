import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Audiograms (`type: "waveform"`) through the whole render, against `Fixtures/waveform_oracle.py`:
/// numpy's FFT and peaks of the very samples the test wrote, and the bars' exact area coverage,
/// compared with the lossless output's luma (white bars over black).
final class AudiogramTests: XCTestCase {
    static let (width, height, fps, rate) = (320, 120, 10, 48000)
    static var oracle: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/waveform_oracle.py").path }

    /// A stereo 16-bit tone of `frequency` Hz for `seconds`, at amplitude `gain` (an FFmpeg
    /// expression of t).
    func tone(_ ws: Workspace, _ name: String, frequency: Double, gain: String, seconds: Int = 2) throws {
        let channel = "(\(gain.replacingOccurrences(of: ",", with: "\\,")))*sin(2*PI*\(frequency)*t)"
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=\(channel)|\(channel):s=48000:d=\(seconds)", "-c:a", "pcm_s16le", ws.path(name)])
    }

    /// The centre of spectrum band `b` of `bars` (geometric mean of its edges).
    func centre(_ b: Int, of bars: Int = 48) -> Double { 50 * pow(320, (Double(b) + 0.5) / Double(bars)) }

    func render(_ ws: Workspace, overlay: String, audio: String, name: String = "out.mp4") throws -> [[UInt8]] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": \##(Self.width), "height": \##(Self.height), "frameRate": \##(Self.fps), "video": { "crf": 0 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ], \##(audio) "overlays": [ \##(overlay) ] } }
        """##, to: name)
        return try Tools.yuvFrames(out, width: Self.width, height: Self.height)
    }

    /// `offset`: where the file starts on the timeline, in seconds.
    func oracle(_ ws: Workspace, wav: String?, offset: Double = 0, frames: [Int], mode: String, bars: Int, style: String, window: Double = 2) throws
        -> (heights: [[Double]], images: [[[Double]]]) {
        var c: [String: Any] = ["rate": Self.rate, "fps": Self.fps, "frames": frames, "mode": mode, "bars": bars, "window": window,
                                "style": style, "width": Self.width, "height": Self.height, "offset": offset]
        if let wav { c["wav"] = ws.path(wav) }
        try JSONSerialization.data(withJSONObject: c).write(to: URL(fileURLWithPath: ws.path("case.json")))
        let r = try Tools.run(BlendModeTests.python, [Self.oracle, ws.path("case.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        let o = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        return (try XCTUnwrap(o["heights"] as? [[Double]]), try XCTUnwrap(o["images"] as? [[[Double]]]))
    }

    /// Each frame's luma against the oracle's coverage (16 + 219·coverage), within rounding.
    func assertPictures(_ got: [[UInt8]], _ want: [[[Double]]], frames: [Int], file: StaticString = #filePath, line: UInt = #line) {
        for (k, n) in frames.enumerated() {
            var worst = 0.0, at = (0, 0)
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let e = abs(Double(got[n][y * Self.width + x]) - (16 + want[k][y][x] * 219 / 255))
                    if e > worst { (worst, at) = (e, (x, y)) }
                }
            }
            XCTAssertLessThanOrEqual(worst, 3, "frame \(n): worst at \(at)", file: file, line: line)
        }
    }

    func testASpectrumLightsTheBandOfAToneAtItsLevel() throws {
        let ws = try Workspace()
        // −6 dBFS for a second, then −18 dBFS, at the centre of band 36.
        try tone(ws, "tone.wav", frequency: centre(36), gain: "if(lt(t,1),0.5,0.125)")
        let frames = [0, 5, 9, 10, 15, 19]
        let got = try render(ws, overlay: ##"{ "type": "waveform", "start": 0, "frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 } }"##,
                             audio: ##""voiceOvers": [ { "src": "tone.wav", "start": 0 } ],"##)
        XCTAssertEqual(got.count, 20)
        let want = try oracle(ws, wav: "tone.wav", frames: frames, mode: "spectrum", bars: 48, style: "bars")
        assertPictures(got, want.images, frames: frames)
        // The band holding the tone at its level, (level + 60)/60 of the room; the others dark.
        XCTAssertEqual(want.heights[1][36], (60 - 6.0206) / 60, accuracy: 0.005)
        XCTAssertEqual(want.heights[4][36], (60 - 18.0618) / 60, accuracy: 0.005)
        for h in [want.heights[1], want.heights[4]] {
            XCTAssertEqual(h.firstIndex(of: h.max()!), 36)
            XCTAssertLessThan(h.enumerated().filter { $0.offset != 36 }.map(\.element).max()!, 0.2, "only the tone's band: \(h)")
        }
        // The bar's top in the picture: frame 5 is 0.8997 × 118 px over the 2 px baseline.
        let column = Int((36.5 / 48) * Double(Self.width))
        let lit = (0..<Self.height).filter { got[5][$0 * Self.width + column] > 125 }.count
        XCTAssertEqual(Double(lit), 2 + 118 * (60 - 6.0206) / 60, accuracy: 1)
    }

    func testSilenceDrawsOnlyTheBaseline() throws {
        let ws = try Workspace()
        for style in ["bars", "line"] {
            let got = try render(ws, overlay: ##"{ "type": "waveform", "start": 0, "style": "\##(style)", "frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 } }"##,
                                 audio: "", name: "\(style).mp4")
            for frame in [got[0], got[19]] {
                let litRows = (0..<Self.height).filter { y in (0..<Self.width).contains { frame[y * Self.width + $0] > 30 } }
                XCTAssertEqual(litRows, [Self.height - 2, Self.height - 1], style)
                XCTAssertTrue((0..<Self.width).allSatisfy { frame[(Self.height - 1) * Self.width + $0] > 225 }, "\(style): a full-width baseline")
            }
        }
    }

    func testAmplitudeIsThePeakOfEachSliceOfTheWindowMirrored() throws {
        let ws = try Workspace()
        try tone(ws, "tone.wav", frequency: 440, gain: "if(lt(t,1),0.25,0.75)")
        let frames = [0, 3, 9, 10, 12, 15, 19]
        let got = try render(ws, overlay: ##"""
        { "type": "waveform", "start": 0, "mode": "amplitude", "window": 0.5, "bars": 20, "style": "mirror",
          "frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 } }
        """##, audio: ##""music": [ { "src": "tone.wav" } ],"##)
        let want = try oracle(ws, wav: "tone.wav", frames: frames, mode: "amplitude", bars: 20, style: "mirror", window: 0.5)
        assertPictures(got, want.images, frames: frames)
        XCTAssertEqual(want.heights[0].prefix(15).max()!, 0, "before the start: silence")
        XCTAssertEqual(want.heights[0].last!, 0.25, accuracy: 0.01)
        XCTAssertEqual(want.heights[6].min()!, 0.75, accuracy: 0.01, "the last half second is loud")
    }

    func testOneItemsSoundAndChunksDrawWhatTheWholeDraws() throws {
        let ws = try Workspace()
        try tone(ws, "high.wav", frequency: centre(40), gain: "0.5")
        try tone(ws, "low.wav", frequency: centre(20), gain: "0.5")
        let spec = ##"""
        { "version": 1, "output": { "width": \##(Self.width), "height": \##(Self.height), "frameRate": \##(Self.fps), "video": { "crf": 0, "keyframeInterval": 0.5 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ],
            "voiceOvers": [ { "src": "high.wav", "start": 0 }, { "src": "low.wav", "start": 0.5 } ],
            "overlays": [ { "type": "group", "start": 0.3, "items": [
              { "type": "waveform", "start": 0.2, "audio": "/timeline/voiceOvers/1", "frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 } } ] } ] } }
        """##
        let plan = try ws.plan(spec)
        try Renderer(plan: plan).render(to: ws.path("whole.mp4"))
        let whole = try Tools.yuvFrames(ws.path("whole.mp4"), width: Self.width, height: Self.height)
        let (chunked, count) = try ws.renderInChunks(plan, seconds: 1, to: "chunked.mp4")
        XCTAssertEqual(count, 2)
        XCTAssertEqual(try Tools.yuvFrames(chunked, width: Self.width, height: Self.height), whole, "the chunks draw the same pixels")
        // From 0.5 s (the group's 0.3 + the item's 0.2) the low tone's band only.
        func lit(_ frame: [UInt8], band: Int) -> Bool { frame[Self.height / 2 * Self.width + Int((Double(band) + 0.5) / 48 * Double(Self.width))] > 125 }
        XCTAssertFalse(lit(whole[4], band: 20))
        XCTAssertTrue(lit(whole[8], band: 20))
        XCTAssertFalse(lit(whole[8], band: 40), "the high tone is another item's sound")
        XCTAssertEqual((0..<Self.height).filter { whole[4][$0 * Self.width + 5] > 30 }, [], "before the waveform starts nothing is drawn")
        // The pictures are the oracle's for the low tone, shifted to its start at 0.5 s.
        let want = try oracle(ws, wav: "low.wav", offset: 0.5, frames: [5, 9, 14], mode: "spectrum", bars: 48, style: "bars")
        assertPictures(whole, want.images, frames: [5, 9, 14])
    }

    /// With an output loudness target an audiogram of the mix draws the mix the output carries: at
    /// the target's gain, through its limiter (the oracle reads `Mixdown`'s final mix, the samples
    /// the audio encoder gets); the tone drawn as it was before the gain would be several times
    /// lower.
    func testTheMixAtALoudnessTargetIsDrawnAsTheOutputCarriesIt() throws {
        let ws = try Workspace()
        try tone(ws, "tone.wav", frequency: 440, gain: "if(lt(t,1),0.05,0.15)")
        let json = ##"""
        { "version": 1, "output": { "width": \##(Self.width), "height": \##(Self.height), "frameRate": \##(Self.fps), "video": { "crf": 0 },
                                    "audio": { "loudness": { "target": -12, "truePeak": -1 } } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ], "music": [ { "src": "tone.wav" } ],
                        "overlays": [ { "type": "waveform", "start": 0, "mode": "amplitude", "window": 0.5, "bars": 20, "style": "mirror",
                                        "frame": { "x": 0.5, "y": 0.5, "width": 1, "height": 1 } } ] } }
        """##
        let out = try ws.render(json, to: "out.mp4")
        let got = try Tools.yuvFrames(out, width: Self.width, height: Self.height)
        let mix = try Mixdown.render(try ws.plan(json))
        var wav = Data("RIFF".utf8)
        let bytes = mix[0].count * 4
        func le<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { wav.append(contentsOf: $0) } }
        le(UInt32(36 + bytes)); wav.append(contentsOf: Array("WAVEfmt ".utf8)); le(UInt32(16)); le(UInt16(1)); le(UInt16(2))
        le(UInt32(Self.rate)); le(UInt32(Self.rate * 4)); le(UInt16(4)); le(UInt16(16)); wav.append(contentsOf: Array("data".utf8)); le(UInt32(bytes))
        for k in 0..<mix[0].count { for c in 0..<2 { le(Int16(max(-32768, min(32767, (mix[c][k] * 32768).rounded())))) } }
        try wav.write(to: URL(fileURLWithPath: ws.path("final.wav")))
        let frames = [3, 9, 12, 19]
        let want = try oracle(ws, wav: "final.wav", frames: frames, mode: "amplitude", bars: 20, style: "mirror", window: 0.5)
        assertPictures(got, want.images, frames: frames)
        let before = try oracle(ws, wav: "tone.wav", frames: frames, mode: "amplitude", bars: 20, style: "mirror", window: 0.5)
        XCTAssertEqual(before.heights[3].min()!, 0.15, accuracy: 0.01, "the tone as the file has it")
        XCTAssertGreaterThan(want.heights[3].min()!, 2 * before.heights[3].min()!, "gained towards -12 LUFS")
        XCTAssertLessThanOrEqual(want.heights[3].max()!, 0.9, "under the limiter's ceiling")
    }

    func testEveryMistakeAtItsPointer() throws {
        let ws = try Workspace()
        try tone(ws, "tone.wav", frequency: 440, gain: "0.5", seconds: 1)
        let problems = { (overlay: String) -> Set<String> in
            let json = ##"""
            { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ],
              "voiceOvers": [ { "src": "tone.wav", "start": 0 } ], "overlays": [ \##(overlay) ] } }
            """##
            do { _ = try ws.plan(json) } catch let p as SpecProblems { return Set(p.problems.map(\.pointer)) } catch RenderError.invalid(let p) {
                return Set(p.map(\.pointer))
            } catch { return ["unexpected: \(error)"] }
            return []
        }
        let o = "/timeline/overlays/0"
        XCTAssertEqual(problems(##"{ "type": "waveform", "start": 0, "audio": "/timeline/voiceOvers/0", "style": "mirror", "bars": 2 }"##), [])
        XCTAssertEqual(problems(##"{ "type": "waveform", "start": 0, "bars": 1, "mode": "fft", "color": "#12", "style": "dots" }"##),
                       ["\(o)/bars", "\(o)/mode", "\(o)/color", "\(o)/style"])
        XCTAssertEqual(problems(##"{ "type": "waveform", "start": 0, "window": 1 }"##), ["\(o)/window"], "a window belongs to the amplitude mode")
        XCTAssertEqual(problems(##"{ "type": "waveform", "start": 0, "mode": "amplitude", "window": 61 }"##), ["\(o)/window"])
        XCTAssertEqual(problems(##"{ "type": "waveform", "start": 0, "audio": "voice" }"##), ["\(o)/audio"])
        XCTAssertEqual(problems(##"{ "type": "waveform", "start": 0, "audio": "/timeline/voiceOvers/3" }"##), ["\(o)/audio"])
        XCTAssertEqual(problems(##"{ "type": "waveform", "start": 0, "src": "tone.wav", "chromaKey": {}, "text": "x" }"##),
                       ["\(o)/src", "\(o)/chromaKey", "\(o)/text"])
        XCTAssertEqual(problems(##"{ "type": "image", "src": "tone.wav", "start": 0, "bars": 4 }"##), ["\(o)/bars"])
    }
}
