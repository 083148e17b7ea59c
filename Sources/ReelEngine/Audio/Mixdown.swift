import Foundation
import ReelSpec

/// The output's audio as planar float at the output rate: the mixer's sum of every clip, passed
/// through the peak limiter with its lookahead compensated, so sample `i` of the mixdown is
/// exactly the timeline sample `i` after the output range's start.
///
/// With a loudness target (`output.audio.loudness`) the whole mix is gained to the target and a
/// true-peak limiter holds it under the ceiling, at the levels `LoudnessSolver` measured for the
/// whole output: one gain, whichever part of the output a render encodes.
///
/// A mixdown may start at any output sample (`startingAt`, a chunk's audio): the mix itself is
/// then the whole render's sample for sample (`AudioMixer`'s `origin`), and the limiter, whose gain
/// carries from one sample to the next, runs over `limiterPreroll` of the mix before that sample
/// first, so its state has converged onto the whole render's: its 150 ms release decays by
/// e^(−2 s / 0.15 s), below −110 dB, and its 5 ms window holds nothing older.
final class Mixdown {
    /// The mix a later-starting mixdown runs its limiter over first (2 s).
    static func limiterPreroll(rate: Int) -> Int64 { Int64(2 * rate) }

    /// Made on the first read, once normalized items are measured (`ClipNormalizer`): the mixer, or
    /// the loudness solver's recording of the whole mix.
    private var mixer: MixSource?
    private var recording: MixRecording?
    private(set) var limiter: PeakLimiter
    let channels: Int
    let rate: Int
    private let plan: RenderPlan
    /// The loudness target's levels, solved on the first read unless given.
    private(set) var levels: LoudnessLevels?
    private var gain: Float = 1
    private var primed = false
    /// The output sample `read` starts at.
    let start: Int64

    /// `levels`: a loudness target's levels already solved (the solver's own measuring passes, or a
    /// chunked job's node), and the mix it recorded; `start`: the output sample of the first read.
    init(plan: RenderPlan, levels: LoudnessLevels? = nil, recording: MixRecording? = nil, startingAt start: Int64 = 0) {
        precondition(start >= 0, "a mixdown before the output's start")
        self.start = start
        self.recording = recording
        self.plan = plan
        rate = plan.audioEncoding.sampleRate
        channels = plan.audioEncoding.channels
        limiter = levels.map { $0.limiter(channels: plan.audioEncoding.channels, rate: plan.audioEncoding.sampleRate) }
            ?? PeakLimiter(channels: channels, rate: rate)
        self.levels = levels
    }

    /// Writes the next `count` samples of each channel into `planes`.
    func read(count: Int, into planes: [UnsafeMutablePointer<Float>]) throws {
        if !primed {
            primed = true
            if levels == nil, let loudness = plan.audioEncoding.loudness {
                let solved = try LoudnessSolver.memoized(plan, loudness)
                levels = solved.levels
                recording = solved.recording
                limiter = solved.levels.limiter(channels: channels, rate: rate)
            }
            gain = levels.map { Float(decibels: $0.gain) } ?? 1
            let first = max(0, start - Mixdown.limiterPreroll(rate: rate))
            mixer = try recording?.playback(from: first) ?? Mixdown.mixer(plan, from: first)
            // The limiter's delay line, then the preroll, are mixed and let go.
            var lead = Int64(limiter.latency) + start - first
            let scratch = SampleBuffer(channels: channels, capacity: 4096)
            while lead > 0 {
                let n = Int(min(4096, lead))
                try pull(count: n, into: scratch.planes)
                lead -= Int64(n)
            }
        }
        try pull(count: count, into: planes)
    }

    /// The plan's clips (normalized items gained to their level) mixed from output sample `first`
    /// as a mix from the output range's start would mix them. Clips that end before `first` are
    /// left out (nothing of them is heard, and a normalized one needs no measuring).
    static func mixer(_ plan: RenderPlan, from first: Int64 = 0) throws -> AudioMixer {
        let a = plan.audioEncoding
        let origin = plan.outputRange.start.ticks(in: Int64(a.sampleRate), rounding: .nearest)
        let clips = first == 0 ? plan.audio : plan.audio.filter {
            $0.range.end.ticks(in: Int64(a.sampleRate), rounding: .nearest) > origin + first
        }
        return AudioMixer(clips: try ClipNormalizer.clips(clips, rate: a.sampleRate, channels: a.channels), rate: a.sampleRate,
                          channels: a.channels, startingAt: origin + first, origin: origin)
    }

    private func pull(count: Int, into planes: [UnsafeMutablePointer<Float>]) throws {
        try mixer?.mix(count: count, into: planes)
        if gain != 1 { for c in 0..<channels { for k in 0..<count { planes[c][k] *= gain } } }
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

extension Float {
    /// The linear gain of `decibels` dB.
    init(decibels: Double) { self = Float(pow(10, decibels / 20)) }
}
