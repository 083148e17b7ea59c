import Foundation
import ReelSpec

/// A source's audio as min/max peaks per channel at `pointsPerSecond` (docs/API.md (previews)
/// `POST /v1/waveform`, audiowaveform's shape): what an editor draws under a clip. Point k of a
/// channel covers the source samples ⌊k·rate/pps⌋ ..< ⌊(k+1)·rate/pps⌋ at the source's own rate and
/// channel count, read from its start.
public struct Waveform: Sendable {
    public static let pointsPerSecondRange = 1...1000

    public let sampleRate: Int
    public let pointsPerSecond: Int
    /// Per channel: min, max, min, max… (−1…1), one pair a point.
    public let peaks: [[Float]]

    public var channels: Int { peaks.count }
    public var points: Int { (peaks.first?.count ?? 0) / 2 }

    public enum Failure: Error, CustomStringConvertible, Sendable {
        case noAudio
        public var description: String { "has no audio stream" }
    }

    /// Decodes the best audio stream of `path` to the end.
    public static func read(path: String, pointsPerSecond pps: Int) throws -> Waveform {
        let info = try MediaProbe.probe(path: path)
        guard let audio = info.audio, let rate = audio.sampleRate, rate > 0 else { throw Failure.noAudio }
        let channels = max(1, audio.channels ?? 2)
        let reader = try AudioClipReader(path: path, startTime: .zero, rate: rate, channels: channels, streamIndex: audio.index)
        var peaks = Array(repeating: [Float](), count: channels)
        let buffer = SampleBuffer(channels: channels, capacity: 8192)
        var read = 0                    // samples read so far
        var point = 0                   // the point being filled
        var end = bound(1, rate, pps)   // the sample where it ends
        var low = Array(repeating: Float.infinity, count: channels), high = Array(repeating: -Float.infinity, count: channels)
        func flush() {
            for c in 0..<channels {
                peaks[c].append(low[c] == .infinity ? 0 : low[c])
                peaks[c].append(high[c] == -.infinity ? 0 : high[c])
                low[c] = .infinity
                high[c] = -.infinity
            }
        }
        while true {
            let n = try reader.read(count: 8192, into: buffer.planes)
            guard n > 0 else { break }
            var i = 0
            while i < n {
                let take = min(n - i, end - read)
                for c in 0..<channels {
                    let p = buffer.planes[c] + i
                    var lo = low[c], hi = high[c]
                    for k in 0..<take {
                        lo = min(lo, p[k])
                        hi = max(hi, p[k])
                    }
                    low[c] = lo
                    high[c] = hi
                }
                i += take
                read += take
                if read == end {
                    flush()
                    point += 1
                    end = bound(point + 1, rate, pps)
                }
            }
        }
        if low[0] != .infinity { flush() }
        return Waveform(sampleRate: rate, pointsPerSecond: pps, peaks: peaks)
    }

    /// The first sample after point `k − 1`: ⌊k·rate/pps⌋.
    private static func bound(_ k: Int, _ rate: Int, _ pps: Int) -> Int { k * rate / pps }

    /// `{sampleRate, pointsPerSecond, channels, length, peaks: [[min, max, …], …]}`, values to 5 decimals.
    public var json: JSONValue {
        .object([
            ("sampleRate", .number(String(sampleRate))),
            ("pointsPerSecond", .number(String(pointsPerSecond))),
            ("channels", .number(String(channels))),
            ("length", .number(String(points))),
            ("peaks", .array(peaks.map { ch in .array(ch.map { .number(Waveform.decimal($0)) }) })),
        ])
    }

    private static func decimal(_ v: Float) -> String {
        let r = (Double(v) * 100_000).rounded() / 100_000
        return r == 0 ? "0" : String(format: "%.5g", r)
    }
}
