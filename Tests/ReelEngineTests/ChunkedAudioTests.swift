import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// A chunked render's audio, each chunk's mixed and encoded alone (`renderAudioChunk`), against the
/// same spec's audio rendered whole, decoded by ffmpeg: PCM equal within −80 dB through every state
/// that crosses a chunk's boundary (resampling, a decoder after a seek, time-stretching, fades,
/// ducking, a loudness target's gain and limiter), and AAC joined without a click, gap or repeated
/// sample (a tone's residual against a fitted sine at each join no worse than inside the chunks).
final class ChunkedAudioTests: XCTestCase {
    /// Chunked audio decoded beside the whole render's: the same length, and the difference at or
    /// under the codec's own noise (two encodes of one sound differ by their quantization; a
    /// sample gap, a repeat or a misplaced chunk leaves a difference near the signal's own level).
    static func assertCloseToCodecNoise(_ chunked: [[Float]], _ whole: [[Float]], minimumSNR: Double = 30,
                                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(chunked.map(\.count), whole.map(\.count), "the same sample count", file: file, line: line)
        for (c, (a, b)) in zip(chunked, whole).enumerated() {
            let signal = b.reduce(0.0) { $0 + Double($1) * Double($1) }
            let noise = zip(a, b).reduce(0.0) { $0 + Double($1.0 - $1.1) * Double($1.0 - $1.1) }
            let snr = 10 * log10(signal / max(noise, 1e-30))
            XCTAssertGreaterThan(snr, minimumSNR, "channel \(c): the chunked audio's difference from the whole render's", file: file, line: line)
        }
    }

    /// 6 s in chunks of 1 s, every boundary inside something with state: a 44.1 kHz bed (resampled)
    /// fading in and out and ducked under an AAC voice-over that starts before a boundary (decoded
    /// across it), a clip sped by 1.5 (time-stretched across the first boundary), all gained to
    /// −10 LUFS under a −1 dBTP ceiling (the limiter at work across every boundary).
    func testPCMChunksEqualTheWholeRender() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='0.6*sin(2*PI*440*t)+0.3*sin(2*PI*3000*t)|0.5*sin(2*PI*330*t)':s=44100:d=8:c=stereo",
                          "-c:a", "pcm_s16le", ws.path("bed44.wav")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='0.7*sin(2*PI*700*t)*(0.6+0.4*sin(2*PI*3*t))':s=48000:d=2",
                          "-c:a", "aac", "-b:a", "96k", ws.path("vo.m4a")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=64x36:r=30:d=4", "-f", "lavfi", "-i", "sine=frequency=550:sample_rate=48000:duration=4",
                          "-c:v", "libx264", "-qp", "20", "-c:a", "aac", "-shortest", ws.path("clip.mp4")])
        let json = ##"""
        { "version": 1,
          "output": { "format": "mov", "width": 64, "height": 36, "frameRate": 30, "video": { "codec": "prores", "profile": "proxy" },
                      "audio": { "codec": "pcm", "loudness": { "target": -10, "truePeak": -1 } } },
          "timeline": {
            "videos": [ { "src": "clip.mp4", "sourceRange": { "start": 0, "duration": 3 }, "speed": 1.5 }, { "color": "#000000", "duration": 4 } ],
            "voiceOvers": [ { "src": "vo.m4a", "start": 2.6 } ],
            "music": [ { "src": "bed44.wav", "volume": 0.8, "fadeIn": 0.5, "fadeOut": 1, "duckUnder": "voiceOvers", "duckLevel": 0.3 } ] } }
        """##
        let plan = try ws.plan(json)
        let whole = try ws.render(json, to: "whole.mov")
        let (chunked, count) = try ws.renderInChunks(plan, seconds: 1, to: "chunked.mov")
        XCTAssertEqual(count, 6)
        let w = try Tools.samples(whole, channels: 2), c = try Tools.samples(chunked, channels: 2)
        XCTAssertEqual(w[0].count, 6 * 48000)
        XCTAssertEqual(c.map(\.count), w.map(\.count))
        XCTAssertGreaterThan(w[0].map { abs($0) }.max() ?? 0, 0.8, "loud enough for the limiter to work")
        for ch in 0..<2 {
            let worst = zip(c[ch], w[ch]).map { abs($0 - $1) }.max() ?? 1
            XCTAssertLessThan(worst, 1e-4, "channel \(ch): within −80 dB of the whole render")
        }
    }

    /// A 1 kHz tone in 1 s chunks, AAC: at each join the decoded tone's residual against a sine
    /// fitted there (least squares: amplitude, phase and offset) is no worse than at points inside
    /// the chunks, and the packets carry the whole render's timestamps and durations.
    func testAACJoinsHaveNoClickGapOrRepeatedSample() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='0.5*sin(2*PI*1000*t)':s=48000:d=4", "-c:a", "pcm_f32le", ws.path("tone.wav")])
        let json = ##"""
        { "version": 1,
          "output": { "format": "mp4", "width": 64, "height": 36, "frameRate": 30, "video": { "keyframeInterval": 0.5 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 4 } ], "music": [ { "src": "tone.wav" } ] } }
        """##
        let plan = try ws.plan(json)
        let whole = try ws.render(json, to: "whole.mp4")
        let (chunked, count) = try ws.renderInChunks(plan, seconds: 1, to: "chunked.mp4")
        XCTAssertEqual(count, 4)
        let renderer = Renderer(plan: plan)
        let joins = renderer.chunkRanges(seconds: 1).dropFirst().map { Int(renderer.audioSamples(forChunk: $0, frameSize: 1024).lowerBound) }
        XCTAssertEqual(joins, [47104, 95232, 143360], "each join on the AAC frame grid at or before its chunk's first frame")
        let tone = try Tools.samples(chunked, channels: 1)[0]
        XCTAssertEqual(tone.count, try Tools.samples(whole, channels: 1)[0].count)
        let packets = { (path: String) throws -> [String] in
            let r = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "a", "-show_entries", "packet=pts,dts,duration", "-of", "csv=p=0", path])
            return r.text.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try packets(chunked), try packets(whole))
        let residual = { (center: Int) -> Double in Self.sineResidual(Array(tone[(center - 512)..<(center + 512)]), frequency: 1000, rate: 48000) }
        let inside = joins.flatMap { [residual($0 - 12_000), residual($0 + 12_000)] }
        let worstInside = inside.max() ?? 0
        for j in joins {
            XCTAssertLessThanOrEqual(residual(j), 1.5 * worstInside, "the join at sample \(j) is no worse than inside the chunks")
        }
    }

    /// The RMS of what a least-squares fit of a·sin + b·cos + c at `frequency` leaves of `x`.
    static func sineResidual(_ x: [Float], frequency: Double, rate: Double) -> Double {
        let w = 2 * Double.pi * frequency / rate
        let basis = x.indices.map { [sin(w * Double($0)), cos(w * Double($0)), 1.0] }
        var m = [[Double]](repeating: [0, 0, 0], count: 3), v = [0.0, 0.0, 0.0]
        for (k, b) in basis.enumerated() {
            for i in 0..<3 {
                v[i] += b[i] * Double(x[k])
                for j in 0..<3 { m[i][j] += b[i] * b[j] }
            }
        }
        // Gaussian elimination on the 3×3 normal equations.
        for i in 0..<3 {
            for r in (i + 1)..<3 {
                let f = m[r][i] / m[i][i]
                for j in i..<3 { m[r][j] -= f * m[i][j] }
                v[r] -= f * v[i]
            }
        }
        var coef = [0.0, 0.0, 0.0]
        for i in (0..<3).reversed() {
            coef[i] = (v[i] - ((i + 1)..<3).reduce(0.0) { $0 + m[i][$1] * coef[$1] }) / m[i][i]
        }
        let sum = basis.enumerated().reduce(0.0) { acc, e in
            let fit = coef[0] * e.element[0] + coef[1] * e.element[1] + coef[2] * e.element[2]
            return acc + (Double(x[e.offset]) - fit) * (Double(x[e.offset]) - fit)
        }
        return (sum / Double(x.count)).squareRoot()
    }
}
