import Foundation
import ReelSpec
import Synchronization
import ReelBasics

/// Finds the levels (`LoudnessLevels`) that bring a whole output's mix to its loudness target
/// under its true-peak ceiling, by measuring (BS.1770-4, `LoudnessMeter`) rather than predicting:
///
/// 1. the mix as it is gives the first gain, target − loudness;
/// 2. the mix at those levels, as the output will carry it — through the output's codec and back
///    for AAC and Opus (their low-pass takes some of the high frequencies BS.1770's weighting
///    counts, half a LU on bright material, and their coding overshoots the limiter's peaks by up
///    to a decibel and more on dense, limited material), limited PCM as it is — is measured again;
///    where the true peak overshoots the ceiling the limiter's threshold is lowered by as much
///    (the ceiling comes first), else the gain is corrected by what is still missing, until both
///    hold (within 0.2 LU, at or under the ceiling) or five such passes are made. A target the
///    ceiling does not leave room for (−9 LUFS of bright, dense material under −1 dBTP) ends
///    as loud as the ceiling allows, and the job reports what it got.
///
/// Silence (nothing above BS.1770's absolute gate) keeps a gain of 0 dB.
enum LoudnessSolver {
    static let maxPasses = 5
    static let tolerance = 0.2

    /// The levels, and the mix as recorded on the way (`MixRecording`; nil when too long to keep).
    static func solve(_ plan: RenderPlan, _ loudness: LoudnessSpec) throws -> (levels: LoudnessLevels, recording: MixRecording?) {
        let margin = plan.audioEncoding.codec == .pcm ? 0.1 : 0.6
        var levels = LoudnessLevels(gain: 0, threshold: loudness.truePeak - margin)
        let recording = MixRecording(channels: plan.audioEncoding.channels, count: Int(plan.sampleCount))
        let raw = try measureMix(plan, levels: nil, recording: recording, recordingIt: true)
        guard let integrated = raw.integrated else { return (levels, recording) }
        levels.gain = loudness.target - integrated
        for pass in 1...maxPasses {
            let m = plan.audioEncoding.codec == .pcm ? try measureMix(plan, levels: levels, recording: recording)
                : try measureThroughCodec(plan, levels: levels, recording: recording)
            guard let got = m.integrated else { break }
            let peakOver = (m.truePeak ?? -.infinity) - loudness.truePeak
            if abs(got - loudness.target) <= tolerance && peakOver <= 0 { break }
            guard pass < maxPasses else { break }
            if peakOver > 0 { levels.threshold -= peakOver + 0.1 } else { levels.gain += loudness.target - got }
        }
        return (levels, recording)
    }

    /// The whole output range's mix at `levels` (unchanged, without a limiter, when nil), read
    /// from `recording` — or mixed, and recorded into it when `recordingIt`.
    private static func measureMix(_ plan: RenderPlan, levels: LoudnessLevels?, recording: MixRecording?,
                                   recordingIt: Bool = false) throws -> MeasuredLoudness {
        let a = plan.audioEncoding
        let meter = try LoudnessMeter(channels: a.channels, rate: a.sampleRate, truePeak: levels != nil)
        let mixer: MixSource = try recordingIt ? Mixdown.mixer(plan) : recording?.playback() ?? Mixdown.mixer(plan)
        var toRecord = recordingIt ? recording.map { ($0, Int(plan.sampleCount)) } : nil
        let limiter = levels?.limiter(channels: a.channels, rate: a.sampleRate)
        let gain = levels.map { Float(decibels: $0.gain) } ?? 1
        let block = 4096
        let buf = SampleBuffer(channels: a.channels, capacity: block)
        var left = Int(plan.sampleCount) + (limiter?.latency ?? 0)
        var skip = limiter?.latency ?? 0
        while left > 0 {
            let n = min(block, left)
            try mixer.mix(count: n, into: buf.planes)
            if let t = toRecord {
                let keep = min(n, t.1 - t.0.planes[0].count)
                if keep > 0 { t.0.append(buf.planes, count: keep) } else { toRecord = nil }
            }
            if gain != 1 { for c in 0..<a.channels { for k in 0..<n { buf.planes[c][k] *= gain } } }
            limiter?.process(buf.planes, count: n)
            // The limiter's first `latency` samples are its delay line's silence.
            let drop = min(skip, n)
            try meter.add(buf.planes.map { $0 + drop }, count: n - drop)
            skip -= drop
            left -= n
        }
        let integrated = try meter.integrated()
        return MeasuredLoudness(integrated: integrated.isFinite ? integrated : nil,
                              truePeak: levels == nil ? nil : try meter.truePeak(), range: nil)
    }

    /// The whole output's audio at `levels` as the output's codec gives it back: encoded into a
    /// scratch Matroska file, decoded and measured.
    private static func measureThroughCodec(_ plan: RenderPlan, levels: LoudnessLevels, recording: MixRecording?) throws -> MeasuredLoudness {
        let scratch = NSTemporaryDirectory() + "reel-loudness-\(UUID().uuidString).mka"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let output = try OutputFile(path: scratch, formatName: "matroska")
        let encoder = try OutputEncoders.audio(plan, globalHeader: output.needsGlobalHeader)
        let stream = try output.addStream(for: encoder)
        try output.writeHeader(options: [])
        let track = AudioTrackEncoder(plan: plan, encoder: encoder, mixdown: Mixdown(plan: plan, levels: levels, recording: recording))
        try track.finish { try stream.write($0) }
        try output.finish()
        return try MeasuredLoudness.measure(scratch, rate: plan.audioEncoding.sampleRate, channels: plan.audioEncoding.channels)
    }
}

extension LoudnessSolver {
    /// Levels solved in this process, by what decides them (`key(_:)`), so that the parts of one
    /// render that need them — the audio stage, an audiogram of the mix on the picture thread, a
    /// chunk's audio and video, previews of one spec — solve once: a second asker waits for the
    /// first. Bounded; a failed solve is not kept.
    private final class Pending: Sendable {
        /// Signalled once the levels are in (or the solve failed); each waiter passes it on.
        let done = DispatchSemaphore(value: 0)
        let levels = Mutex<LoudnessLevels?>(nil)
    }
    private static let solved = Mutex<[String: Pending]>([:])
    private static let keep = 64

    /// The plan's levels: solved here (with the recording made on the way) or by an earlier or
    /// concurrent asker (no recording).
    static func memoized(_ plan: RenderPlan, _ loudness: LoudnessSpec) throws -> (levels: LoudnessLevels, recording: MixRecording?) {
        let key = Self.key(plan, loudness)
        let (entry, mine) = solved.withLock { all -> (Pending, Bool) in
            if let e = all[key] { return (e, false) }
            if all.count >= keep { all = all.filter { $0.value.levels.withLock { $0 == nil } } }
            let e = Pending()
            all[key] = e
            return (e, true)
        }
        if !mine {
            entry.done.wait()
            entry.done.signal()
            if let levels = entry.levels.withLock({ $0 }) { return (levels, nil) }
            return try memoized(plan, loudness)  // the solver before failed; try again
        }
        do {
            let result = try solve(plan, loudness)
            entry.levels.withLock { $0 = result.levels }
            entry.done.signal()
            return result
        } catch {
            solved.withLock { _ = $0.removeValue(forKey: key) }
            entry.done.signal()
            throw error
        }
    }

    /// Levels solved elsewhere (a chunked job's node), kept for this plan.
    static func remember(_ levels: LoudnessLevels, for plan: RenderPlan) {
        guard let loudness = plan.audioEncoding.loudness else { return }
        let key = Self.key(plan, loudness)
        solved.withLock { all in
            guard all[key] == nil else { return }
            let e = Pending()
            e.levels.withLock { $0 = levels }
            e.done.signal()
            all[key] = e
        }
    }

    /// What decides the levels: the clips (their files by size and modification time, so a file
    /// replaced under the same name solves again), the output range, format and codec, the target.
    private static func key(_ plan: RenderPlan, _ loudness: LoudnessSpec) -> String {
        let files = Set(plan.audio.map(\.path)).sorted().map { path -> String in
            let a = try? FileManager.default.attributesOfItem(atPath: path)
            return "\(path):\((a?[.size] as? NSNumber)?.int64Value ?? -1):\((a?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
        return "\(plan.audio)|\(files)|\(plan.outputRange)|\(plan.sampleCount)|\(plan.audioEncoding)|\(loudness)"
    }
}
