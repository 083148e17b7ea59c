import Foundation

/// Keeps the mix from clipping: where the summed samples would pass −1 dBFS, the gain is lowered
/// smoothly just before the peak (5 ms lookahead) and recovers over about 150 ms. Where the mix stays
/// below the threshold the gain is exactly 1, so the output is the mix itself, bit for bit.
///
/// Method: the gain each sample needs is min-held over the lookahead window plus one sample, then
/// averaged over the window; every term of the average then covers the sample leaving the delay
/// line, so the gain applied to a peak is never more than the peak needs. The caller must
/// read `latency` samples ahead (see `Mixdown`), so the limiter shifts nothing in time.
///
/// With `oversampled` (a loudness target's true-peak ceiling), each sample's need comes from its
/// true peak: the largest of the sample and the three points a ×4 polyphase interpolator (a
/// Hann-windowed sinc, 16 taps a phase, each phase's gain 1 at DC) puts between it and the next,
/// over every channel, as BS.1770-4 Annex 2 measures it. The interpolator looks 8 samples ahead, so
/// the delay line is that much longer than the window the needs are held and averaged over.
final class PeakLimiter {
    let channels: Int
    let latency: Int
    let threshold: Float
    private let window: Int
    private let oversampled: Bool
    /// The delay line's length: the window, plus the interpolator's look-ahead when oversampled.
    private let delayLength: Int
    /// The three intermediate phases' coefficients (`taps` each), and the recent input per channel.
    private let phases: [[Float]]
    private var history: [[Float]]
    static let taps = 16
    private let releaseStep: Float
    private var delay: [[Float]]
    private var minQueue: [(index: Int, value: Float)] = []
    private var minHeadIndex = 0
    private var held: [Float]            // min-held gains, ring of `window`, for the average
    private var heldSum: Float
    private var heldBelowOne = 0
    private var gain: Float = 1
    private var n = 0

    /// `threshold`: the highest level let through, linear (default −1 dBFS); `oversampled`: by true
    /// peak rather than sample peak.
    init(channels: Int, rate: Int, threshold: Float = 0.891_25, oversampled: Bool = false) {
        self.channels = channels
        self.threshold = threshold
        self.oversampled = oversampled
        window = max(1, rate / 200)
        delayLength = window + (oversampled ? PeakLimiter.taps / 2 : 0)
        latency = delayLength
        releaseStep = 1 - Float(exp(-1.0 / (0.15 * Double(rate))))
        phases = oversampled ? (1...3).map { PeakLimiter.phase(Double($0) / 4) } : []
        history = Array(repeating: Array(repeating: 0, count: PeakLimiter.taps), count: oversampled ? channels : 0)
        delay = Array(repeating: Array(repeating: 0, count: delayLength), count: channels)
        held = Array(repeating: 1, count: window)
        heldSum = Float(window)
    }

    /// Processes `count` samples in place: each output sample is the input from `latency` earlier.
    ///
    /// The state is moved into locals for the loop and back after it (`swap`, no copy): on the
    /// properties themselves every access in the per-sample loop paid Swift's exclusivity checks and
    /// uniqueness tests, several percent of a passthrough render's CPU time.
    func process(_ planes: [UnsafeMutablePointer<Float>], count: Int) {
        var delay: [[Float]] = [], minQueue: [(index: Int, value: Float)] = [], held: [Float] = [], history: [[Float]] = []
        swap(&delay, &self.delay)
        swap(&minQueue, &self.minQueue)
        swap(&held, &self.held)
        swap(&history, &self.history)
        defer {
            swap(&delay, &self.delay)
            swap(&minQueue, &self.minQueue)
            swap(&held, &self.held)
            swap(&history, &self.history)
        }
        var minHeadIndex = self.minHeadIndex, heldSum = self.heldSum, heldBelowOne = self.heldBelowOne
        var gain = self.gain, n = self.n
        let window = self.window, channels = self.channels, threshold = self.threshold, releaseStep = self.releaseStep
        let delayLength = self.delayLength, oversampled = self.oversampled, phases = self.phases
        let taps = PeakLimiter.taps, mask = PeakLimiter.taps - 1
        for k in 0..<count {
            var peak: Float = 0
            if oversampled {
                // The true peak at the sample `taps/2` before this one (window index taps/2 - 1)
                // and on the way to the next.
                for c in 0..<channels {
                    history[c][n & mask] = planes[c][k]
                    peak = max(peak, abs(history[c][(n - taps / 2) & mask]))
                    for phase in phases {
                        var v: Float = 0
                        for j in 0..<taps { v += phase[j] * history[c][(n - taps + 1 + j) & mask] }
                        peak = max(peak, abs(v))
                    }
                }
            } else {
                for c in 0..<channels { peak = max(peak, abs(planes[c][k])) }
            }
            let need = peak > threshold ? threshold / peak : 1
            // Sliding minimum over the last `window` needs (monotonic queue).
            while minQueue.count > minHeadIndex, let last = minQueue.last, last.value >= need { minQueue.removeLast() }
            minQueue.append((n, need))
            if minQueue[minHeadIndex].index < n - window { minHeadIndex += 1 }
            if minHeadIndex > 64 { minQueue.removeFirst(minHeadIndex); minHeadIndex = 0 }
            let minimum = minQueue[minHeadIndex].value
            let slot = n % window
            heldBelowOne += (minimum < 1 ? 1 : 0) - (held[slot] < 1 ? 1 : 0)
            heldSum += minimum - held[slot]
            held[slot] = minimum
            if heldBelowOne == 0 { heldSum = Float(window) }
            let target = heldBelowOne == 0 ? 1 : min(1, heldSum / Float(window))
            gain = target < gain ? target : gain + (target - gain) * releaseStep
            if target == 1 && gain > 0.9999 { gain = 1 }
            let delaySlot = n % delayLength
            for c in 0..<channels {
                let out = delay[c][delaySlot]
                delay[c][delaySlot] = planes[c][k]
                planes[c][k] = gain == 1 ? out : out * gain
            }
            n += 1
        }
        self.minHeadIndex = minHeadIndex
        self.heldSum = heldSum
        self.heldBelowOne = heldBelowOne
        self.gain = gain
        self.n = n
    }

    /// The coefficients that interpolate the point `fraction` past the window's sample `taps/2 - 1`
    /// (of `taps`, the last being the newest; the sample `taps/2` before the newest, whose peak
    /// `process` takes too): a Hann-windowed sinc, scaled to a gain of 1 at DC.
    private static func phase(_ fraction: Double) -> [Float] {
        let half = Double(taps / 2)
        let raw = (0..<taps).map { j -> Double in
            let x = Double(j) - (half - 1) - fraction
            let sinc = x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
            let hann = 0.5 + 0.5 * cos(Double.pi * x / half)
            return sinc * hann
        }
        let sum = raw.reduce(0, +)
        return raw.map { Float($0 / sum) }
    }
}
