/// Where a mixdown's samples come from: the mixer decoding and mixing the sources, or a recording of
/// the whole mix (`MixRecording`).
protocol MixSource: AnyObject {
    /// Writes the next `count` samples of every channel into `out`.
    func mix(count: Int, into out: [UnsafeMutablePointer<Float>]) throws
}

extension AudioMixer: MixSource {}

/// The whole output's mix (before any gain or limiter), recorded while `LoudnessSolver` measures it
/// the first time, so its later passes and the render itself read it back instead of decoding and
/// mixing every source again (each pass would cost a whole mix). Only for outputs whose mix fits
/// `limit` bytes — 128 MiB, about six minutes of 48 kHz stereo; a longer output mixes again.
final class MixRecording {
    static let limit = 128 << 20
    /// Written once while recording, only read after (by each pass's playback).
    private(set) var planes: [[Float]]
    let count: Int

    init?(channels: Int, count: Int) {
        guard count * channels * MemoryLayout<Float>.size <= MixRecording.limit else { return nil }
        self.count = count
        planes = Array(repeating: [], count: channels)
        for c in 0..<channels { planes[c].reserveCapacity(count) }
    }

    func append(_ block: [UnsafeMutablePointer<Float>], count n: Int) {
        for c in planes.indices { planes[c].append(contentsOf: UnsafeBufferPointer(start: block[c], count: n)) }
    }

    /// A reader from sample `first`; past the end it gives silence, as the mixer does.
    func playback(from first: Int64 = 0) -> MixSource { Playback(self, from: Int(first)) }

    private final class Playback: MixSource {
        let recording: MixRecording
        var position = 0

        init(_ r: MixRecording, from first: Int) {
            recording = r
            position = first
        }

        func mix(count: Int, into out: [UnsafeMutablePointer<Float>]) throws {
            let available = max(0, min(count, recording.planes[0].count - position))
            for c in out.indices {
                recording.planes[c].withUnsafeBufferPointer { src in
                    if available > 0 { out[c].update(from: src.baseAddress! + position, count: available) }
                }
                if available < count { (out[c] + available).update(repeating: 0, count: count - available) }
            }
            position += count
        }
    }
}
