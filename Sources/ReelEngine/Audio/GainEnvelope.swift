import ReelSpec

/// A gain that changes over timeline time as straight lines between points (AVAudioMix's
/// setVolume/setVolumeRamp), held flat before the first point and after the last.
struct GainEnvelope: Sendable, Equatable {
    struct Point: Sendable, Equatable {
        var time: Time
        var value: Double

        init(_ time: Time, _ value: Double) {
            self.time = time
            self.value = value
        }
    }

    /// Points in time order.
    var points: [Point]

    init(_ points: [Point]) { self.points = points }

    static func constant(_ v: Double) -> GainEnvelope { GainEnvelope([Point(.zero, v)]) }

    /// A linear ramp from `from` at `start` to `to` at `end`.
    static func ramp(from: Double, at start: Time, to: Double, at end: Time) -> GainEnvelope {
        GainEnvelope([Point(start, from), Point(end, to)])
    }

    /// The envelope in sample positions of `rate`, for per-sample evaluation.
    func sampled(rate: Int) -> SampledEnvelope {
        SampledEnvelope(positions: points.map { Double($0.time.value) * Double(rate) / Double($0.time.timescale) },
                        values: points.map(\.value))
    }
}
