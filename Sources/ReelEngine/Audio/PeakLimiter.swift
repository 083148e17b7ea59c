import Foundation

/// Keeps the mix from clipping: where the summed samples would pass −1 dBFS, the gain is lowered
/// smoothly just before the peak (5 ms lookahead) and recovers over about 150 ms. Where the mix stays
/// below the threshold the gain is exactly 1, so the output is the mix itself, bit for bit.
///
/// Method: the gain each sample needs is min-held over the lookahead window plus one sample, then
/// averaged over the window; every term of the average then covers the sample leaving the delay
/// line, so the gain applied to a peak is never more than the peak needs. The caller must
/// read `latency` samples ahead (see `Mixdown`), so the limiter shifts nothing in time.
final class PeakLimiter {
    let channels: Int
    let latency: Int
    let threshold: Float = 0.891_25  // −1 dBFS
    private let window: Int
    private let releaseStep: Float
    private var delay: [[Float]]
    private var minQueue: [(index: Int, value: Float)] = []
    private var minHeadIndex = 0
    private var held: [Float]            // min-held gains, ring of `window`, for the average
    private var heldSum: Float
    private var heldBelowOne = 0
    private var gain: Float = 1
    private var n = 0

    init(channels: Int, rate: Int) {
        self.channels = channels
        window = max(1, rate / 200)
        latency = window
        releaseStep = 1 - Float(exp(-1.0 / (0.15 * Double(rate))))
        delay = Array(repeating: Array(repeating: 0, count: window), count: channels)
        held = Array(repeating: 1, count: window)
        heldSum = Float(window)
    }

    /// Processes `count` samples in place: each output sample is the input from `latency` earlier.
    ///
    /// The state is moved into locals for the loop and back after it (`swap`, no copy): on the
    /// properties themselves every access in the per-sample loop paid Swift's exclusivity checks and
    /// uniqueness tests, several percent of a passthrough render's CPU time.
    func process(_ planes: [UnsafeMutablePointer<Float>], count: Int) {
        var delay: [[Float]] = [], minQueue: [(index: Int, value: Float)] = [], held: [Float] = []
        swap(&delay, &self.delay)
        swap(&minQueue, &self.minQueue)
        swap(&held, &self.held)
        defer {
            swap(&delay, &self.delay)
            swap(&minQueue, &self.minQueue)
            swap(&held, &self.held)
        }
        var minHeadIndex = self.minHeadIndex, heldSum = self.heldSum, heldBelowOne = self.heldBelowOne
        var gain = self.gain, n = self.n
        let window = self.window, channels = self.channels, threshold = self.threshold, releaseStep = self.releaseStep
        for k in 0..<count {
            var peak: Float = 0
            for c in 0..<channels { peak = max(peak, abs(planes[c][k])) }
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
            for c in 0..<channels {
                let out = delay[c][slot]
                delay[c][slot] = planes[c][k]
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
}
