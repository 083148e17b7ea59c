/// `output.audio.loudness`: the mix measured (ITU-R BS.1770-4 integrated loudness, gated) and
/// gained to `target`, a true-peak limiter keeping the output at or under `truePeak`.
public struct LoudnessSpec: Sendable, Equatable {
    /// The targets platforms name, in LUFS.
    public enum Named: String, Sendable, CaseIterable {
        case streaming, podcast, broadcast, atsc

        public var lufs: Double {
            switch self {
            case .streaming: return -14
            case .podcast: return -16
            case .broadcast: return -23
            case .atsc: return -24
            }
        }
    }

    /// Integrated loudness, LUFS (−70…−5).
    public var target: Double
    /// The true-peak ceiling, dBTP (−9…0).
    public var truePeak: Double = -1

    public init(target: Double, truePeak: Double = -1) {
        self.target = target
        self.truePeak = truePeak
    }

    /// What `normalize: true` brings an audio item to before the mix (EBU R128's reference level).
    public static let normalizedLevel = -23.0
}
