import CFFmpeg
import Foundation

/// Owns an FFmpeg transform context (`av_tx`) for a real-to-complex DFT of `length` doubles: what an
/// audiogram's spectrum is measured with. Double precision, so levels 60 dB down keep their digits.
final class RealFFT {
    let length: Int
    private var context: OpaquePointer?
    private let transform: av_tx_fn
    private var input: [Double]
    private var output: [AVComplexDouble]

    /// `length`: a power of two, at least 16.
    init(length: Int) throws {
        precondition(length >= 16 && length & (length - 1) == 0, "a power of two")
        self.length = length
        var ctx: OpaquePointer?
        var fn: av_tx_fn?
        var scale = 1.0
        try FFmpegError.check(av_tx_init(&ctx, &fn, AV_TX_DOUBLE_RDFT, 0, Int32(length), &scale, 0), "av_tx_init",
                              "a \(length)-point real DFT")
        guard let ctx, let fn else { throw FFmpegError(reel_averror(ENOMEM), "av_tx_init", "a \(length)-point real DFT") }
        context = ctx
        transform = fn
        input = [Double](repeating: 0, count: length)
        output = [AVComplexDouble](repeating: AVComplexDouble(re: 0, im: 0), count: length / 2 + 1)
    }

    deinit { av_tx_uninit(&context) }

    /// `|X_k|²` for k = 0…length/2 of `samples` (fewer than `length`: zero-padded).
    func powers(_ samples: [Double]) -> [Double] {
        precondition(samples.count <= length)
        input.withUnsafeMutableBufferPointer { b in
            for i in 0..<length { b[i] = i < samples.count ? samples[i] : 0 }
        }
        input.withUnsafeMutableBytes { i in
            output.withUnsafeMutableBytes { o in transform(context, o.baseAddress, i.baseAddress, MemoryLayout<Double>.stride) }
        }
        return output.map { $0.re * $0.re + $0.im * $0.im }
    }
}
