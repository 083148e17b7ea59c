import ReelSpec

/// Mixes the timeline's audio clips, in floating point, into consecutive blocks of output samples.
///
/// Each clip is placed on the exact sample of its start (`round(start × rate)`) and cut on the
/// sample of its end; a source that runs short leaves silence. Readers open when their clip begins
/// and close when it ends, so memory does not grow with the timeline.
final class AudioMixer {
    struct Placed {
        let clip: AudioClip
        let first: Int64
        let end: Int64
    }

    let rate: Int
    let channels: Int
    private let clips: [Placed]
    private var position: Int64
    private var readers: [Int: AudioClipReader] = [:]
    private let scratch: SampleBuffer

    /// `start` is the timeline sample of the first block.
    init(clips: [AudioClip], rate: Int, channels: Int, startingAt start: Int64) {
        self.rate = rate
        self.channels = channels
        self.clips = clips.map {
            Placed(clip: $0, first: $0.range.start.ticks(in: Int64(rate), rounding: .nearest),
                   end: $0.range.end.ticks(in: Int64(rate), rounding: .nearest))
        }
        position = start
        scratch = SampleBuffer(channels: channels, capacity: 4096)
    }

    /// Writes the next `count` samples of every channel into `out` (zeroed here first).
    func mix(count: Int, into out: [UnsafeMutablePointer<Float>]) throws {
        for c in 0..<channels { out[c].update(repeating: 0, count: count) }
        let blockEnd = position + Int64(count)
        for (i, placed) in clips.enumerated() where placed.first < blockEnd && position < placed.end {
            let from = max(position, placed.first), to = min(blockEnd, placed.end)
            let reader = try openReader(i, at: from)
            let n = Int(to - from)
            scratch.reserve(n)
            let got: Int
            do {
                got = try reader.read(count: n, into: scratch.planes)
            } catch {
                throw RenderError.source(pointer: placed.clip.pointer, path: placed.clip.path, reason: "\(error)")
            }
            let gain = Float(placed.clip.gain)
            let offset = Int(from - position)
            for c in 0..<channels {
                let s = scratch.planes[c], dst = out[c] + offset
                for k in 0..<got { dst[k] += s[k] * gain }
            }
            if placed.end <= blockEnd { readers[i] = nil }
        }
        position = blockEnd
    }

    private func openReader(_ i: Int, at sample: Int64) throws -> AudioClipReader {
        if let r = readers[i] { return r }
        let placed = clips[i]
        let into = Time(value: sample - placed.first, timescale: Int32(rate))
        do {
            let r = try AudioClipReader(path: placed.clip.path, startTime: placed.clip.sourceStart + into, rate: rate, channels: channels)
            readers[i] = r
            return r
        } catch {
            throw RenderError.source(pointer: placed.clip.pointer, path: placed.clip.path, reason: "\(error)")
        }
    }
}
