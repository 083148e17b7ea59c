import ReelSpec

/// The output's audio as planar float at the output rate: the mixer's sum of every clip, passed
/// through the peak limiter with its lookahead compensated, so sample `i` of the mixdown is
/// exactly the timeline sample `i` after the output range's start.
final class Mixdown {
    let mixer: AudioMixer
    let limiter: PeakLimiter
    let channels: Int
    let rate: Int
    private var primed = false

    init(plan: RenderPlan) {
        rate = plan.audioEncoding.sampleRate
        channels = plan.audioEncoding.channels
        let start = plan.outputRange.start.ticks(in: Int64(rate), rounding: .nearest)
        mixer = AudioMixer(clips: plan.audio, rate: rate, channels: channels, startingAt: start)
        limiter = PeakLimiter(channels: channels, rate: rate)
    }

    /// Writes the next `count` samples of each channel into `planes`.
    func read(count: Int, into planes: [UnsafeMutablePointer<Float>]) throws {
        if !primed {
            primed = true
            let lead = SampleBuffer(channels: channels, capacity: limiter.latency)
            try mixer.mix(count: limiter.latency, into: lead.planes)
            limiter.process(lead.planes, count: limiter.latency)
        }
        try mixer.mix(count: count, into: planes)
        limiter.process(planes, count: count)
    }

    /// The whole output range's audio (for tests and waveforms; a render streams instead).
    static func render(_ plan: RenderPlan) throws -> [[Float]] {
        let m = Mixdown(plan: plan)
        let total = Int(plan.sampleCount)
        let buf = SampleBuffer(channels: m.channels, capacity: max(1, total))
        var done = 0
        while done < total {
            let n = min(4096, total - done)
            try m.read(count: n, into: buf.planes.map { $0 + done })
            done += n
        }
        return buf.planes.map { Array(UnsafeBufferPointer(start: $0, count: total)) }
    }
}
