import Foundation
import ReelSpec
import Synchronization

/// `normalize: true` on an audio item: its clips brought to −23 LUFS (`LoudnessSpec.normalizedLevel`)
/// before their volume, fades and the mix, so items recorded at different levels match. A clip's
/// level is its own sound over its own range, measured (BS.1770-4, `LoudnessMeter`) as the mix
/// would take it (the output's rate and channels, its speed); a silent clip keeps its level.
/// Measurements are kept by source file (path, size, modification time), range and format, so a
/// looping item's passes and the renders of one job (its measuring passes, its chunks) measure once.
enum ClipNormalizer {
    private static let measured = Mutex<[String: Double]>([:])
    private static let keep = 1024

    /// `clips` with a constant gain in front of each normalized clip's shaping.
    static func clips(_ clips: [AudioClip], rate: Int, channels: Int) throws -> [AudioClip] {
        guard clips.contains(where: \.normalize) else { return clips }
        return try clips.map { clip in
            guard clip.normalize, let level = try level(of: clip, rate: rate, channels: channels) else { return clip }
            var c = clip
            c.shaping.envelopes.insert(.constant(pow(10, (LoudnessSpec.normalizedLevel - level) / 20)), at: 0)
            return c
        }
    }

    /// The clip's integrated loudness in LUFS, nil when silent.
    private static func level(of clip: AudioClip, rate: Int, channels: Int) throws -> Double? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: clip.path)
        let stamp = "\((attributes?[.size] as? NSNumber)?.int64Value ?? -1)/\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        let key = "\(clip.path)|\(stamp)|\(clip.streamIndex ?? -1)|\(clip.sourceStart)|\(clip.range.duration)|\(clip.speed)|\(rate)|\(channels)"
        if let known = measured.withLock({ $0[key] }) { return known.isFinite ? known : nil }
        var alone = clip
        alone.range.start = .zero
        alone.shaping = .neutral
        alone.normalize = false
        let mixer = AudioMixer(clips: [alone], rate: rate, channels: channels, startingAt: 0)
        let meter = try LoudnessMeter(channels: channels, rate: rate)
        let buf = SampleBuffer(channels: channels, capacity: 4096)
        var left = Int(alone.range.duration.ticks(in: Int64(rate), rounding: .nearest))
        while left > 0 {
            let n = min(4096, left)
            try mixer.mix(count: n, into: buf.planes)
            try meter.add(buf.planes, count: n)
            left -= n
        }
        let level = try meter.integrated()
        measured.withLock { all in
            if all.count >= keep { all.removeAll() }
            all[key] = level
        }
        return level.isFinite ? level : nil
    }
}
