import ReelSpec

/// The mono sound an audiogram draws, by timeline sample: its clips mixed (volumes, fades, ducking,
/// pans, speed and `normalize` as the output's mix has them) at the output's rate, channels
/// averaged; for the mix with an output loudness target, as the output carries it: at the target's
/// one gain, through its true-peak limiter (`levels`).
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
    private let levels: LoudnessLevels?
    private var limiter: PeakLimiter?

    init(clips: [AudioClip], rate: Int, channels: Int, origin: Int64, keep: Int64, levels: LoudnessLevels? = nil) {
        self.clips = clips
        self.levels = levels
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
        limiter = levels?.limiter(channels: channels, rate: rate)
        if let limiter, let mixer {
            // Its delay line first, so the samples keep their times (as `Mixdown` does). Started at
            // the origin rather than the output's start, its gain matches the output's within
            // −110 dB once 2 s have passed (`Mixdown.limiterPreroll`), wherever it limits at all.
            var lead = limiter.latency
            while lead > 0 {
                let n = min(4096, lead)
                try mixer.mix(count: n, into: block.planes)
                gained(n)
                limiter.process(block.planes, count: n)
                lead -= n
            }
        }
    }

    /// The block's first `n` samples at the loudness target's gain.
    private func gained(_ n: Int) {
        guard let levels else { return }
        let gain = Float(decibels: levels.gain)
        for c in 0..<channels { for k in 0..<n { block.planes[c][k] *= gain } }
    }

    private func mix(upTo end: Int64) throws {
        guard let mixer else { return }
        let scale = 1 / Float(channels)
        while bufferStart + Int64(buffer.count) < end {
            let n = Int(min(4096, end - bufferStart - Int64(buffer.count)))
            try mixer.mix(count: n, into: block.planes)
            gained(n)
            limiter?.process(block.planes, count: n)
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
