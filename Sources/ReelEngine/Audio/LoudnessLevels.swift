/// How a mix is brought to a loudness target: its gain and the true-peak limiter's threshold, both
/// in dB.
struct LoudnessLevels: Sendable, Equatable {
    var gain: Double
    var threshold: Double

    func limiter(channels: Int, rate: Int) -> PeakLimiter {
        PeakLimiter(channels: channels, rate: rate, threshold: Float(decibels: threshold), oversampled: true)
    }
}
