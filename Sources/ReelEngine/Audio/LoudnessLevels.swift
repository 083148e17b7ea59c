/// How a mix is brought to a loudness target: its gain and the true-peak limiter's threshold, both
/// in dB. Codable: a chunked job's node solves them once and shares them with every chunk.
public struct LoudnessLevels: Sendable, Equatable, Codable {
    public var gain: Double
    public var threshold: Double

    public init(gain: Double, threshold: Double) {
        self.gain = gain
        self.threshold = threshold
    }

    func limiter(channels: Int, rate: Int) -> PeakLimiter {
        PeakLimiter(channels: channels, rate: rate, threshold: Float(decibels: threshold), oversampled: true)
    }
}
