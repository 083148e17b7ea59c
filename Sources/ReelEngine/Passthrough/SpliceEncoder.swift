import CFFmpeg
import ReelSpec

/// Opens x264 encoders whose frames can sit between copied H.264 packets in one stream.
///
/// Each encoded stretch gets an encoder of its own, so it starts with an IDR frame and ends
/// flushed (nothing of it refers outside it). The encoders are configured alike, so x264 writes
/// the same SPS and PPS for each: with `sps-id` set to an id no copied source uses (x264 gives its
/// PPS the same id), so they go into the `avcC` beside the sources' and a decoder switches between
/// them at each IDR frame. The frames are the sources' size and 8-bit 4:2:0, with their colour
/// description, and no more reordering than the sources (B-frames only when the sources have
/// them), so a decoder that sized its reorder buffer from the first stretch never meets a deeper one.
struct SpliceEncoder {
    let plan: RenderPlan
    let spsID: Int
    /// The copied sources' reorder depth in frames: 0 means no B-frames, 1 B-frames that are never
    /// references, more allows x264's B-pyramid (a depth of 2).
    let reorder: Int
    let color: ColorTags?

    /// Opens one encoder.
    func open() throws -> Encoder {
        let e = plan.videoEncoding
        let enc = try Encoder(name: "libx264")
        let c = enc.context
        c.pointee.width = Int32(plan.width)
        c.pointee.height = Int32(plan.height)
        c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        c.pointee.time_base = AVRational(num: Int32(plan.frameRate.denominator), den: Int32(plan.frameRate.numerator))
        c.pointee.framerate = AVRational(num: Int32(plan.frameRate.numerator), den: Int32(plan.frameRate.denominator))
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.gop_size = Int32(clamping: e.gopSize)
        let canvas = plan.canvasColor
        c.pointee.colorspace = color.map { AVColorSpace(rawValue: UInt32($0.matrix)) } ?? canvas.avMatrix
        c.pointee.color_primaries = color.map { AVColorPrimaries(rawValue: UInt32($0.primaries)) } ?? canvas.avPrimaries
        c.pointee.color_trc = color.map { AVColorTransferCharacteristic(rawValue: UInt32($0.transfer)) } ?? canvas.avTransfer
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.thread_count = Int32(clamping: plan.codecThreading.videoEncoder)
        c.pointee.bit_rate = Int64(e.bitrate ?? 0)
        if let m = e.maxBitrate {
            c.pointee.rc_max_rate = Int64(m)
            c.pointee.rc_buffer_size = Int32(clamping: 2 * m)
        }
        // Parameter sets out of band: they go into the avcC, not before each IDR frame.
        c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        var options = [("preset", e.splicePreset)]
        if let crf = e.crf { options.append(("crf", String(crf))) }
        if let p = e.profile { options.append(("profile", p)) }
        var params = "sps-id=\(spsID)"
        if reorder == 0 { options.append(("bf", "0")) } else if reorder == 1 { params += ":b-pyramid=none" }
        params += ":open-gop=0"
        options.append(("x264-params", params))
        try enc.open(options: options)
        return enc
    }
}
