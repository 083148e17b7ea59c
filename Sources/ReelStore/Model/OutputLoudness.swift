/// A finished output's measured loudness (`output.audio.loudness` jobs): integrated loudness in
/// LUFS, the highest true peak in dBTP, loudness range in LU; nil where the audio is silent.
public struct OutputLoudness: Sendable, Equatable {
    public var integrated: Double?
    public var truePeak: Double?
    public var range: Double?

    public init(integrated: Double?, truePeak: Double?, range: Double?) {
        self.integrated = integrated
        self.truePeak = truePeak
        self.range = range
    }

    /// As the store keeps it: the three numbers separated by spaces, `-` for none.
    var stored: String { [integrated, truePeak, range].map { $0.map { "\($0)" } ?? "-" }.joined(separator: " ") }

    init?(stored: String?) {
        guard let parts = stored?.split(separator: " ").map({ Double($0) }), parts.count == 3 else { return nil }
        self.init(integrated: parts[0], truePeak: parts[1], range: parts[2])
    }
}
