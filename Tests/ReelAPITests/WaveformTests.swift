import Foundation
import XCTest

/// `POST /v1/waveform` against numpy: the same file decoded by the ffmpeg CLI to 32-bit float at its
/// own rate and channel count, cut into points at ⌊k·rate/pps⌋, each point's min and max per
/// channel; a stereo WAV and a mono AAC file at another rate; a replaced file answered afresh; and
/// every mistake at its pointer.
final class WaveformTests: XCTestCase {
    /// numpy's peaks for `path` at `pps`: [[min, max, …] per channel].
    func oracle(_ path: String, pps: Int) throws -> [[Double]] {
        let script = """
        import json, subprocess, sys
        import numpy as np
        path, pps = sys.argv[1], int(sys.argv[2])
        info = json.loads(subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries",
                                          "stream=sample_rate,channels", "-of", "json", path], capture_output=True, check=True).stdout)
        rate, channels = int(info["streams"][0]["sample_rate"]), int(info["streams"][0]["channels"])
        raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "f32le", "-acodec", "pcm_f32le", "-"], capture_output=True, check=True).stdout
        samples = np.frombuffer(raw, dtype="<f4").reshape(-1, channels)
        n = len(samples)
        points = -(-n * pps // rate)
        out = [[] for _ in range(channels)]
        for k in range(points):
            a, b = k * rate // pps, min(n, (k + 1) * rate // pps)
            for c in range(channels):
                out[c] += [float(samples[a:b, c].min()), float(samples[a:b, c].max())]
        json.dump({"rate": rate, "peaks": out}, sys.stdout)
        """
        let (status, text) = try PythonClientTests.run(PythonClientTests.python, ["-c", script, path, String(pps)])
        XCTAssertEqual(status, 0, text)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try XCTUnwrap(json["peaks"] as? [[Double]])
    }

    func assertPeaks(_ got: [String: Any], equal want: [[Double]], rate: Int, pps: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(got["sampleRate"] as? Int, rate, file: file, line: line)
        XCTAssertEqual(got["pointsPerSecond"] as? Int, pps, file: file, line: line)
        XCTAssertEqual(got["channels"] as? Int, want.count, file: file, line: line)
        let peaks = try XCTUnwrap(got["peaks"] as? [[Double]], file: file, line: line)
        XCTAssertEqual(peaks.map(\.count), want.map(\.count), "points per channel", file: file, line: line)
        XCTAssertEqual(got["length"] as? Int, (want.first?.count ?? 0) / 2, file: file, line: line)
        var worst = 0.0
        for (a, b) in zip(peaks, want) { for (x, y) in zip(a, b) { worst = max(worst, abs(x - y)) } }
        XCTAssertLessThanOrEqual(worst, 1e-4, "every min and max as numpy finds them", file: file, line: line)
    }

    func testPeaksAreNumpysOnTheDecodedSamples() throws {
        let f = try ServiceFixture()
        // Left: a 440 Hz tone at 0.5; right: silence for 0.5 s, then a 50 Hz tone at 0.25.
        try f.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*440*t)|if(lt(t\\,0.5)\\,0\\,0.25*sin(2*PI*50*t)):s=48000:d=1.5", "-c:a", "pcm_s16le",
                      "stereo.wav"])
        try f.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=300:sample_rate=44100:duration=1.3", "-c:a", "aac", "mono.m4a"])
        let c = try f.client()
        let stereo = try c.json("POST", "/v1/waveform", #"{ "src": "stereo.wav", "pointsPerSecond": 20 }"#)
        XCTAssertEqual(stereo.status, 200, stereo.text)
        let want = try oracle(f.root + "/media/stereo.wav", pps: 20)
        try assertPeaks(stereo.json, equal: want, rate: 48000, pps: 20)
        let right = try XCTUnwrap((stereo.json["peaks"] as? [[Double]])?[1])
        XCTAssertEqual(right[0 ..< 20].map { abs($0) }.max(), 0, "the right channel's first 0.5 s is silent")
        XCTAssertEqual(right[22], -0.25, accuracy: 0.01, "then a tone at 0.25")
        XCTAssertEqual(stereo.json["length"] as? Int, 30, "1.5 s at 20 points a second")

        // 44.1 kHz at 100 points a second: 441 samples a point; the default density.
        let mono = try c.json("POST", "/v1/waveform", #"{ "src": "mono.m4a" }"#)
        XCTAssertEqual(mono.status, 200, mono.text)
        try assertPeaks(mono.json, equal: try oracle(f.root + "/media/mono.m4a", pps: 100), rate: 44100, pps: 100)

        // A replaced file is read again, not answered from the cache.
        XCTAssertEqual(try c.json("POST", "/v1/waveform", #"{ "src": "stereo.wav", "pointsPerSecond": 20 }"#).text, stereo.text, "the same answer twice")
        try f.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=0.1*sin(2*PI*440*t)|0:s=48000:d=1", "-c:a", "pcm_s16le", "stereo.wav"])
        let replaced = try c.json("POST", "/v1/waveform", #"{ "src": "stereo.wav", "pointsPerSecond": 20 }"#)
        try assertPeaks(replaced.json, equal: try oracle(f.root + "/media/stereo.wav", pps: 20), rate: 48000, pps: 20)
    }

    func testEveryMistakeAtItsPointer() throws {
        let f = try ServiceFixture()
        try f.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x48:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "silent.mp4"])
        let c = try f.client()
        func pointers(_ body: String) throws -> [String: String] {
            let r = try c.json("POST", "/v1/waveform", body)
            XCTAssertEqual(r.status, 422, r.text)
            let errors = r.json["errors"] as? [[String: Any]] ?? []
            return Dictionary(errors.map { ($0["pointer"] as? String ?? "", $0["message"] as? String ?? "") }) { a, _ in a }
        }
        XCTAssertEqual(try pointers(#"{ "src": "silent.mp4" }"#), ["/src": #""silent.mp4" has no audio stream"#])
        XCTAssertEqual(Set(try pointers(#"{ "pointsPerSecond": 0, "colour": 1 }"#).keys), ["/src", "/pointsPerSecond", "/colour"])
        XCTAssertEqual(Set(try pointers(#"{ "src": "a.wav", "pointsPerSecond": 2.5 }"#).keys), ["/pointsPerSecond"])
        XCTAssertEqual(Set(try pointers(#"{ "src": "../etc/passwd" }"#).keys), ["/src"])
        XCTAssertEqual(Set(try pointers(#"{ "src": "missing.wav" }"#).keys), ["/src"])
    }
}
