import Foundation
import ReelSpec

/// How one audio item sounds in the mix: gain envelopes multiplied together (volume automation,
/// fade-in, fade-out, ducking) and a stereo pan.
struct AudioShaping: Sendable {
    var envelopes: [GainEnvelope]
    /// −1 (left) … 1 (right); 0 leaves the item as it is.
    var pan: Double

    init(envelopes: [GainEnvelope] = [], pan: Double = 0) {
        self.envelopes = envelopes
        self.pan = pan
    }

    /// Unity gain, centred.
    static let neutral = AudioShaping()

    /// Builds the shaping of an item placed over `placed` (timeline time; its audible end already
    /// cut to the timeline's end), from the spec's volume, fades, pan and ducking.
    static func make(volume: Volume?, fadeIn: Time?, fadeOut: Time?, pan: Double?, placed: TimeRange,
                     duck: (level: Double, under: [TimeRange])?) -> AudioShaping {
        var envs: [GainEnvelope] = []
        switch volume {
        case .constant(let g)?: if g != 1 { envs.append(.constant(g)) }
        case .automation(let points)?:
            envs.append(GainEnvelope(points.map { .init(placed.start + $0.time, $0.value) }))
        case nil: break
        }
        if let f = fadeIn, f.isPositive {
            envs.append(.ramp(from: 0, at: placed.start, to: 1, at: placed.start + Time.min(f, placed.duration)))
        }
        if let f = fadeOut, f.isPositive {
            let end = placed.end
            envs.append(.ramp(from: 1, at: Time.max(placed.start, end - f), to: 0, at: end))
        }
        if let duck, !duck.under.isEmpty { envs.append(DuckingEnvelope.make(level: duck.level, under: duck.under)) }
        return AudioShaping(envelopes: envs, pan: pan ?? 0)
    }

    /// Left and right gains: the sine/cosine (constant-power) law scaled so that the centre is
    /// unity. Pan 0 leaves the item as it is; towards −1 the right gain falls along the sine and the
    /// left rises along the cosine, so L² + R² stays constant and at −1 only the left plays (+3 dB).
    var panGains: (left: Float, right: Float) {
        if pan == 0 { return (1, 1) }
        let phi = (pan + 1) * Double.pi / 4
        return (Float(2.0.squareRoot() * cos(phi)), Float(2.0.squareRoot() * sin(phi)))
    }
}
