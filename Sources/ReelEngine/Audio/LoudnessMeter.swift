import CEbur128
import Foundation

/// ITU-R BS.1770-4 loudness of a stream of planar float samples, by libebur128: integrated
/// loudness (gated), loudness range (EBU Tech 3342) and true peak (×4 oversampled). Owns the
/// library's state and frees it once. Channels map as libebur128's default (L, R, C, LFE unused,
/// Ls, Rs); a mono stream is one full-weight channel, as FFmpeg's `ebur128` meter counts it.
final class LoudnessMeter {
    private var state: UnsafeMutablePointer<ebur128_state>?
    let channels: Int
    /// Interleaved scratch for `ebur128_add_frames_float`.
    private var scratch: [Float] = []

    /// Why libebur128 refused.
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "libebur128 \(call) failed (\(code))" }
    }

    init(channels: Int, rate: Int, truePeak: Bool = false, range: Bool = false) throws {
        var mode = Int32(EBUR128_MODE_I.rawValue)
        if range { mode |= Int32(EBUR128_MODE_LRA.rawValue) }
        if truePeak { mode |= Int32(EBUR128_MODE_TRUE_PEAK.rawValue) }
        guard let s = ebur128_init(UInt32(channels), UInt(rate), mode) else { throw Failure(call: "ebur128_init", code: -1) }
        state = s
        self.channels = channels
    }

    deinit { ebur128_destroy(&state) }

    /// Adds `count` samples of each plane.
    func add(_ planes: [UnsafeMutablePointer<Float>], count: Int) throws {
        guard count > 0 else { return }
        if scratch.count < count * channels { scratch = [Float](repeating: 0, count: count * channels) }
        for c in 0..<channels {
            let plane = planes[c]
            for k in 0..<count { scratch[k * channels + c] = plane[k] }
        }
        let code = scratch.withUnsafeBufferPointer { ebur128_add_frames_float(state, $0.baseAddress, count) }
        guard code == Int32(EBUR128_SUCCESS.rawValue) else { throw Failure(call: "ebur128_add_frames_float", code: code) }
    }

    /// Integrated loudness in LUFS; −∞ for silence (nothing above the absolute gate).
    func integrated() throws -> Double {
        var v = 0.0
        let code = ebur128_loudness_global(state, &v)
        guard code == Int32(EBUR128_SUCCESS.rawValue) else { throw Failure(call: "ebur128_loudness_global", code: code) }
        return v
    }

    /// Loudness range in LU.
    func range() throws -> Double {
        var v = 0.0
        let code = ebur128_loudness_range(state, &v)
        guard code == Int32(EBUR128_SUCCESS.rawValue) else { throw Failure(call: "ebur128_loudness_range", code: code) }
        return v
    }

    /// The highest true peak of any channel, in dBTP (−∞ for silence).
    func truePeak() throws -> Double {
        var peak = 0.0
        for c in 0..<channels {
            var v = 0.0
            let code = ebur128_true_peak(state, UInt32(c), &v)
            guard code == Int32(EBUR128_SUCCESS.rawValue) else { throw Failure(call: "ebur128_true_peak", code: code) }
            peak = max(peak, v)
        }
        return 20 * log10(peak)
    }
}
