/// A measured loudness, as ITU-R BS.1770-4 and EBU Tech 3342 define its numbers: integrated loudness
/// in LUFS, the highest true peak of any channel in dBTP, loudness range in LU; nil where the audio
/// is silent (no loudness, a true peak of −∞). One type from the meter to the API: the engine
/// measures it (ReelEngine's `measure`), a render child reports it, the store keeps it with the
/// job's output (ReelStore's `stored`), the API shows it as `output.loudness`. It lives here because
/// those modules do not import one another; it holds the standard's numbers, no rule of Reel's.
public struct MeasuredLoudness: Sendable, Equatable {
    public var integrated: Double?
    public var truePeak: Double?
    public var range: Double?

    public init(integrated: Double?, truePeak: Double?, range: Double?) {
        self.integrated = integrated
        self.truePeak = truePeak
        self.range = range
    }

    /// The three numbers in order (how a child process's summary carries them).
    public var numbers: [Double?] { [integrated, truePeak, range] }

    /// From `numbers`; nil unless there are three.
    public init?(numbers: [Double?]) {
        guard numbers.count == 3 else { return nil }
        self.init(integrated: numbers[0], truePeak: numbers[1], range: numbers[2])
    }
}
