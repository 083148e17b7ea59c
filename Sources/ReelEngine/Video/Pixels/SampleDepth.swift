import CFFmpeg

/// The canvas's sample depth for a render: 8-bit YUV(A) 4:2:0 for 8-bit encoders (H.264, VP9, GIF,
/// stills), 10-bit for encoders taking more (ProRes, Main 10), so nothing between the decoder and
/// such an encoder rounds to 8 bits. Every picture of one render is at one depth; pictures made
/// 8-bit by nature (titles, still images) are widened when drawn (`LayerPreparer`).
enum SampleDepth: Sendable, Equatable {
    case eight, ten

    /// The depth a canvas needs to feed an encoder taking `format` without losing bits.
    init(encoderFormat format: AVPixelFormat) {
        let depth = av_pix_fmt_desc_get(format).map { Int($0.pointee.comp.0.depth) } ?? 8
        self = depth > 8 ? .ten : .eight
    }

    /// The depth of a picture in one of the canvas formats; nil for any other pixel format.
    init?(canvasFormat format: AVPixelFormat) {
        switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVA420P: self = .eight
        case AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_YUVA420P10LE: self = .ten
        default: return nil
        }
    }

    /// The planar 4:2:0 canvas format at this depth, with an alpha plane or without.
    func format(alpha: Bool) -> AVPixelFormat {
        switch self {
        case .eight: return alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P
        case .ten: return alpha ? AV_PIX_FMT_YUVA420P10LE : AV_PIX_FMT_YUV420P10LE
        }
    }

    /// Both canvas formats at this depth (what a compositing primitive accepts).
    var formats: [AVPixelFormat] { [format(alpha: false), format(alpha: true)] }
}
