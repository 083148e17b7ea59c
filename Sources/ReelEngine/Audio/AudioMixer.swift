import ReelSpec

/// Mixes the timeline's audio clips, in floating point, into consecutive blocks of output samples.
///
/// Each clip is placed on the exact sample of its start (`round(start × rate)`) and cut on the
/// sample of its end; a source that runs short leaves silence. Readers open when their clip begins
/// and close when it ends, so memory does not grow with the timeline.
///
/// A mixer that starts later than a whole render's (`origin`, a chunk's audio) opens the readers of
/// clips already playing where that render opened them and reads forward to its start: a reader
/// opened mid-clip would seek, and a decoder's, resampler's or time-stretcher's state after a seek
/// is not the state after reading there, so its samples would differ (a resampler's phase alone by
/// −25 dB). Replaying makes every sample the whole render's, at the cost of decoding what it skips.
final class AudioMixer {
    struct Placed {
        let clip: AudioClip
        let first: Int64
        let end: Int64
        let envelopes: [SampledEnvelope]
    }

    let rate: Int
    let channels: Int
    private let clips: [Placed]
    private var position: Int64
    /// Where a render of the whole range starts mixing: no reader opens before it.
    private let origin: Int64
    private var readers: [Int: AudioSampleSource] = [:]
    private let scratch: SampleBuffer
    private let gains: SampleBuffer

    /// `start` is the timeline sample of the first block; `origin` (default `start`) that of the first
    /// block of the whole render this mixer's blocks must equal.
    init(clips: [AudioClip], rate: Int, channels: Int, startingAt start: Int64, origin: Int64? = nil) {
        self.rate = rate
        self.channels = channels
        self.clips = clips.map {
            Placed(clip: $0, first: $0.range.start.ticks(in: Int64(rate), rounding: .nearest),
                   end: $0.range.end.ticks(in: Int64(rate), rounding: .nearest),
                   envelopes: $0.shaping.envelopes.map { $0.sampled(rate: rate) })
        }
        position = start
        self.origin = min(origin ?? start, start)
        scratch = SampleBuffer(channels: channels, capacity: 4096)
        gains = SampleBuffer(channels: 1, capacity: 4096)
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
            let got = try RenderError.forSource(pointer: placed.clip.pointer, path: placed.clip.path) {
                try reader.read(count: n, into: scratch.planes)
            }
            add(placed, count: got, at: from, into: out, offset: Int(from - position))
            if placed.end <= blockEnd { readers[i] = nil }
        }
        position = blockEnd
    }

    /// Adds `count` samples read into `scratch` to `out`, through the clip's envelopes and pan.
    private func add(_ placed: Placed, count: Int, at first: Int64, into out: [UnsafeMutablePointer<Float>], offset: Int) {
        gains.reserve(count)
        let g = gains.planes[0]
        g.update(repeating: 1, count: count)
        for e in placed.envelopes { e.apply(to: g, from: first, count: count) }
        if channels >= 2 {
            // Pan moves an item between the front left and right (5.1's other channels keep theirs).
            let pan = placed.clip.shaping.panGains
            let l = scratch.planes[0], r = scratch.planes[1], dl = out[0] + offset, dr = out[1] + offset
            for k in 0..<count {
                dl[k] += l[k] * pan.left * g[k]
                dr[k] += r[k] * pan.right * g[k]
            }
        }
        if channels != 2 {
            for c in (channels > 2 ? 2 : 0)..<channels {
                let src = scratch.planes[c], dst = out[c] + offset
                for k in 0..<count { dst[k] += src[k] * g[k] }
            }
        }
    }

    /// The clip's reader, at timeline sample `sample`: at speed 1 the source itself, else the source
    /// read from the same point at its own pace and time-stretched. Opened where the whole render
    /// opens it (the clip's first sample, or `origin`) and read forward to `sample`.
    private func openReader(_ i: Int, at sample: Int64) throws -> AudioSampleSource {
        if let r = readers[i] { return r }
        let placed = clips[i]
        let opening = max(origin, placed.first)
        let r = try open(placed, at: opening)
        var skip = sample - opening
        scratch.reserve(4096)
        while skip > 0 {
            let n = Int(min(4096, skip))
            let got = try RenderError.forSource(pointer: placed.clip.pointer, path: placed.clip.path) {
                try r.read(count: n, into: scratch.planes)
            }
            if got < n { break }
            skip -= Int64(n)
        }
        readers[i] = r
        return r
    }

    private func open(_ placed: Placed, at sample: Int64) throws -> AudioSampleSource {
        let into = Time(value: sample - placed.first, timescale: Int32(rate))
        let clip = placed.clip
        return try RenderError.forSource(pointer: clip.pointer, path: clip.path) { () -> AudioSampleSource in
            let source = try AudioClipReader(path: clip.path, startTime: clip.sourceStart + into.scaled(by: clip.speed), rate: rate,
                                             channels: channels, streamIndex: clip.streamIndex)
            guard clip.speed != Rational(1) else { return source }
            return try StretchedAudioReader(source: source, speed: clip.speed, rate: rate, channels: channels)
        }
    }
}
