import Foundation

/// An audiogram's spectrum (docs/API.md "Audiograms"): the levels of `bars` bands spaced
/// logarithmically from 50 Hz to 16 kHz over one output frame's samples.
///
/// The frame's samples are Hann-windowed and zero-padded to `fftLength` (at least 16384, so the
/// narrowest low band holds a bin at 48 kHz); a band's mean square is its bins' share of the
/// windowed signal's energy, `2·Σ|X_k|² / (M·Σw²)` (Parseval, one-sided), and its level in dBFS is
/// `10·log10(2·ms)`, so a full-scale sine reads 0 dBFS (AES17). A band no bin centre falls in
/// (narrow bands at low sample rates) takes the bin nearest its geometric centre.
final class SpectrumBands {
    static let lowest = 50.0, highest = 16000.0
    /// The level drawn as an empty bar, and the one drawn full.
    static let floor = -60.0

    let rate: Int
    let bars: Int
    private let fft: RealFFT
    /// Each band's bins, first…last inclusive.
    private let bins: [ClosedRange<Int>]
    private var windows: [Int: (w: [Double], energy: Double)] = [:]

    init(bars: Int, rate: Int, longestFrame: Int) throws {
        self.rate = rate
        self.bars = bars
        var m = 16384
        while m < longestFrame { m *= 2 }
        fft = try RealFFT(length: m)
        bins = SpectrumBands.bands(bars: bars, rate: rate, fftLength: m)
    }

    var fftLength: Int { fft.length }

    /// Band `b`'s bins for an FFT of `fftLength` at `rate` (shared with the docs' formula).
    static func bands(bars: Int, rate: Int, fftLength m: Int) -> [ClosedRange<Int>] {
        let ratio = highest / lowest, binHz = Double(rate) / Double(m), nyquist = m / 2
        return (0..<bars).map { b in
            let lo = lowest * pow(ratio, Double(b) / Double(bars)), hi = lowest * pow(ratio, Double(b + 1) / Double(bars))
            let first = Int((lo / binHz).rounded(.up)), last = Int((hi / binHz).rounded(.up)) - 1
            if first <= last { return min(first, nyquist)...min(last, nyquist) }
            let centre = min(nyquist, Int((sqrt(lo * hi) / binHz).rounded()))
            return centre...centre
        }
    }

    /// Each band's level in dBFS (−∞ for silence) over `samples`.
    func levels(_ samples: [Double]) -> [Double] {
        let n = samples.count
        guard n > 1 else { return [Double](repeating: -.infinity, count: bars) }
        let window = hann(n)
        let powers = fft.powers(zip(samples, window.w).map { $0 * $1 })
        let scale = 2 / (Double(fft.length) * window.energy)
        let nyquist = fft.length / 2
        return bins.map { range in
            // Above Nyquist (a low output rate) a band holds nothing.
            guard range.lowerBound < nyquist else { return -.infinity }
            var sum = 0.0
            for k in range { sum += powers[k] }
            let meanSquare = sum * scale
            return meanSquare > 0 ? 10 * log10(2 * meanSquare) : -.infinity
        }
    }

    /// The periodic Hann window of `n` samples and its energy Σw².
    private func hann(_ n: Int) -> (w: [Double], energy: Double) {
        if let w = windows[n] { return w }
        let w = (0..<n).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n)) }
        let made = (w, w.reduce(0) { $0 + $1 * $1 })
        if windows.count > 8 { windows.removeAll() }
        windows[n] = made
        return made
    }
}
