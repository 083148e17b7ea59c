import CFFmpeg
import Foundation
import ReelSpec

/// Whether an output's pictures may be drawn by scaling a larger canvas's instead of being
/// composited at their own size: a render of many outputs (`MultiRenderer`) then composites once
/// for both, and the smaller output's encoder may be one the larger canvas's outputs already have
/// (an MP4 and the HLS rendition of its size). The scaled pictures differ from the ones drawn
/// directly (a source scaled twice, a title rasterized large then shrunk), so this is allowed only
/// where they stay within `minimumPSNR` of them, measured at `sampleCount` frames spread over the
/// output (PSNR over Y′, Cb and Cr together), and only for 8-bit 4:2:0 canvases of the same colour
/// space and aspect.
enum ScaledPictures {
    /// The contract's bar for an output of many against its lone render.
    static let minimumPSNR = 45.0
    /// Frames measured: each costs a composite at both sizes (and a seek in each source).
    static let sampleCount = 4

    /// Whether `small`'s canvas can be scaled from `large`'s at all: the same pictures but for the
    /// size (`PictureKey` equal but for it), smaller and of the same aspect, 8-bit without alpha.
    static func mayScale(_ small: PictureKey, from large: PictureKey) -> Bool {
        guard small.width < large.width, small.height < large.height,
              small.width * large.height == large.width * small.height,
              small.sampleDepth == .eight, !small.keepsAlpha else { return false }
        return small.resized(width: large.width, height: large.height) == large
    }

    /// The frames measured: the middle of each of `sampleCount` equal stretches of the output.
    static func sampleFrames(_ frames: Int64) -> [Int64] {
        guard frames > 0 else { return [] }
        let n = Int64(min(Int64(sampleCount), frames))
        return (0..<n).map { k in (2 * k + 1) * frames / (2 * n) }
    }

    /// The lowest PSNR (dB) over the sample frames between `small`'s pictures and `large`'s scaled
    /// to `small`'s size the way an encoder of that size converts them (`FrameConverter`); it stops
    /// at the first frame below `minimumPSNR` (the answer is known: a refusal costs one frame, the
    /// common case where the sources are smaller than the larger canvas).
    static func lowestPSNR(small: RenderPlan, large: RenderPlan, stop: CancellationToken) throws -> Double {
        var direct = TimelinePictures(plan: small, stop: stop, prefetching: false)
        defer { direct.close() }
        var drawn = TimelinePictures(plan: large, stop: stop, prefetching: false)
        defer { drawn.close() }
        let converter = FrameConverter(format: AV_PIX_FMT_YUV420P, width: small.width, height: small.height)
        var lowest = Double.infinity
        for i in sampleFrames(small.frameCount) {
            if stop.isCancelled { throw RenderError.cancelled }
            let time = small.outputRange.start + small.frameTime(i)
            let own = try direct.picture(at: time)
            let scaled = try converter.convert(try drawn.picture(at: time), matrix: large.canvasColor)
            lowest = min(lowest, psnr(own, scaled))
            if lowest < minimumPSNR { break }
        }
        return lowest
    }

    /// PSNR of two 8-bit 4:2:0 pictures of one size over their three planes.
    static func psnr(_ a: Frame, _ b: Frame) -> Double {
        var squares = 0.0, samples = 0
        for plane in 0..<3 {
            let (w, h) = plane == 0 ? (a.width, a.height) : ((a.width + 1) / 2, (a.height + 1) / 2)
            guard let pa = a.data(plane), let pb = b.data(plane) else { return 0 }
            let (la, lb) = (a.lineSize(plane), b.lineSize(plane))
            for y in 0..<h {
                var row: Int64 = 0
                for x in 0..<w {
                    let d = Int64(pa[y * la + x]) - Int64(pb[y * lb + x])
                    row += d * d
                }
                squares += Double(row)
            }
            samples += w * h
        }
        guard squares > 0 else { return .infinity }
        return 10 * log10(255 * 255 * Double(samples) / squares)
    }
}
