import CFFmpeg
import ReelSpec

/// Everything a video encoder is opened with, resolved from a plan (and, for an HLS output, one of
/// its renditions): two encoders with equal settings fed the same pictures write the same packets,
/// so a render of many outputs (`MultiRenderer`) encodes once for every output whose settings are
/// equal and muxes the packets into each (an MP4 and the HLS rendition of its size).
struct VideoEncoderSettings: Equatable {
    /// One of the encoder's private options (`crf`, `preset`, `x264-params`, …).
    struct Option: Equatable {
        let name: String
        let value: String
    }

    let encoderName: String
    let width: Int
    let height: Int
    let pixelFormat: AVPixelFormat
    let frameRate: Rational
    let gopSize: Int32
    let color: CanvasColor
    let threads: Int
    /// `bit_rate` as the context takes it (0: constant quality).
    let bitRate: Int64
    let maxBitrate: Int?
    let globalHeader: Bool
    let options: [Option]
    /// Whether the caller forces keyframes (an HLS rendition whose segment starts are off the GOP
    /// grid: `RenderPlan.forcedSegmentStarts`), x264 adding none of its own.
    let forcesKeyframes: Bool

    /// The settings of the plan's output, or of one `rendition` of its HLS output: its size and
    /// bitrate, and keyframes on the output's GOP grid, or where the caller forces them (segment
    /// starts off that grid), so every rendition's segments hold the same frames.
    init(_ plan: RenderPlan, globalHeader: Bool, rendition: HLSPlan.Rendition? = nil) {
        var e = plan.videoEncoding
        if let rendition {
            if let bitrate = rendition.bitrate {
                e.crf = nil
                e.bitrate = bitrate
                e.maxBitrate = bitrate * 3 / 2
            } else if rendition.height != plan.height, e.bitrate != nil {
                // The output's bitrate is for its own size: a smaller rendition without one of its
                // own is encoded at constant quality instead.
                e.crf = 23
                e.bitrate = nil
                e.maxBitrate = nil
            }
        }
        encoderName = e.encoderName
        width = rendition?.width ?? plan.encodedWidth
        height = rendition?.height ?? plan.encodedHeight
        pixelFormat = OutputEncoders.pixelFormat(e, alpha: plan.keepsAlpha)
        frameRate = plan.frameRate
        color = rendition == nil ? plan.canvasColor : .forOutput(height: plan.height)
        threads = plan.codecThreading.videoEncoder
        // No bitrate means constant quality; libvpx reads the context's default 200 kb/s as a target.
        bitRate = Int64(e.bitrate ?? (e.codec == .vp9 ? e.maxBitrate ?? 0 : 0))
        maxBitrate = e.maxBitrate
        self.globalHeader = globalHeader
        forcesKeyframes = rendition != nil && !plan.forcedSegmentStarts.isEmpty
        // x264's "infinite" when the caller forces every keyframe.
        gopSize = forcesKeyframes ? 1 << 30 : Int32(clamping: e.gopSize)
        var options: [(String, String)]
        switch e.codec {
        case .h264, .hevc:
            options = [("preset", e.preset)]
            if let crf = e.crf { options.append(("crf", String(crf))) }
            if let p = e.profile { options.append(("profile", p)) }
            // Keyframes only every `gopSize` frames, closed GOPs, no scene-cut keyframes: a render cut
            // into chunks (each starting with an IDR frame at a multiple of the GOP) then has the
            // same keyframe positions as one rendered whole, a player can seek on a fixed grid, and
            // an HLS rendition whose segments start on the grid is the MP4 of its size, packet for
            // packet. (Its B-frames are fine in fMP4 segments: `HLSMuxer` keeps the edit list.)
            if e.codec == .hevc {
                let hdr10 = plan.hdrMetadata.map { ":" + $0.x265Parameters } ?? ""
                options.append(("x265-params", "log-level=error:scenecut=0:open-gop=0" + hdr10))
            } else {
                options.append(("x264-params", "scenecut=0:open-gop=0"))
            }
            // Forced frames become IDR frames (a segment can then be decoded alone).
            if forcesKeyframes { options.append(("forced-idr", "1")) }
        case .vp9:
            options = OutputEncoders.vp9Options(e)
        case .prores:
            // `apl0` makes QuickTime and Final Cut take the stream as Apple's own.
            options = [("profile", e.profile ?? "hq"), ("vendor", "apl0")]
        }
        self.options = options.map { Option(name: $0.0, value: $0.1) }
    }

    /// A new encoder with these settings, opened.
    func open() throws -> Encoder {
        let enc = try Encoder(name: encoderName)
        let c = enc.context
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.pix_fmt = pixelFormat
        c.pointee.time_base = AVRational(num: Int32(frameRate.denominator), den: Int32(frameRate.numerator))
        c.pointee.framerate = AVRational(num: Int32(frameRate.numerator), den: Int32(frameRate.denominator))
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.gop_size = gopSize
        c.pointee.colorspace = color.avMatrix
        c.pointee.color_primaries = color.avPrimaries
        c.pointee.color_trc = color.avTransfer
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.thread_count = Int32(clamping: threads)
        c.pointee.bit_rate = bitRate
        if let m = maxBitrate {
            c.pointee.rc_max_rate = Int64(m)
            c.pointee.rc_buffer_size = Int32(clamping: 2 * m)
        }
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        try enc.open(options: options.map { ($0.name, $0.value) })
        return enc
    }
}
