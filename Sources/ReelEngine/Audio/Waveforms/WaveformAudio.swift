import ReelSpec

/// The mono sound an audiogram draws, by timeline sample: its clips mixed (volumes, fades, ducking,
/// pans, speed and `normalize` as the output's mix has them, before an output loudness target's
/// one gain) at the output's rate, channels averaged.
///
/// Always mixed forward from one origin fixed by the plan (the overlay's start less the longest
/// span it looks back), never from wherever a render or a chunk begins: a source read from another
/// point resamples differently in its last bits, and a chunk must draw what the whole render draws.
/// A preview stepping back starts again from the origin.
final class WaveformAudio {
    let rate: Int
    let origin: Int64
    private let clips: [AudioClip]
    private let channels: Int
    private var mixer: AudioMixer?
    private var buffer: [Float] = []
    /// The timeline sample of `buffer[0]`.
    private var bufferStart: Int64 = 0
    private let block: SampleBuffer
    /// How far behind the newest sample asked for the buffer keeps.
    private let keep: Int64

    init(clips: [AudioClip], rate: Int, channels: Int, origin: Int64, keep: Int64) {
        self.clips = clips
        self.rate = rate
        self.channels = channels
        self.origin = max(0, origin)
        self.keep = keep
        block = SampleBuffer(channels: channels, capacity: 4096)
    }

    /// The mono samples of timeline samples `range` (silence before the origin).
    func samples(_ range: Range<Int64>) throws -> [Double] {
        if mixer == nil || range.lowerBound < bufferStart && bufferStart > origin { try restart() }
        let end = bufferStart + Int64(buffer.count)
        if end < range.upperBound { try mix(upTo: range.upperBound) }
        return range.map { s in
            guard s >= bufferStart, s < bufferStart + Int64(buffer.count) else { return 0 }
            return Double(buffer[Int(s - bufferStart)])
        }
    }

    private func restart() throws {
        let normalized = try ClipNormalizer.clips(clips, rate: rate, channels: channels)
        mixer = AudioMixer(clips: normalized, rate: rate, channels: channels, startingAt: origin)
        buffer = []
        bufferStart = origin
    }

    private func mix(upTo end: Int64) throws {
        guard let mixer else { return }
        let scale = 1 / Float(channels)
        while bufferStart + Int64(buffer.count) < end {
            let n = Int(min(4096, end - bufferStart - Int64(buffer.count)))
            try mixer.mix(count: n, into: block.planes)
            for k in 0..<n {
                var sum: Float = 0
                for c in 0..<channels { sum += block.planes[c][k] }
                buffer.append(sum * scale)
            }
            // Only the span a frame may look back over is kept (a chunk far into the timeline
            // mixes its way there without holding what it passes).
            let excess = buffer.count - Int(keep)
            if excess > max(65536, buffer.count / 2) {
                buffer.removeFirst(excess)
                bufferStart += Int64(excess)
            }
        }
    }
}
