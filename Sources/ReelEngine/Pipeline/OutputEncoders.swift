import CFFmpeg
import ReelSpec

/// Creates and configures the output's encoders from a plan (AVAssetExportSession's settings step).
enum OutputEncoders {
    static func muxerName(_ format: OutputFormat) -> String {
        switch format {
        case .mp4: return "mp4"
        case .mov: return "mov"
        case .m4v: return "ipod"
        case .m4a: return "ipod"
        case .webm: return "webm"
        case .gif: return "gif"
        case .jpg: return "image2"
        case .png: return "image2"
        }
    }

    static func video(_ plan: RenderPlan, globalHeader: Bool) throws -> Encoder {
        let e = plan.videoEncoding
        let enc = try Encoder(name: e.encoderName)
        let c = enc.context
        c.pointee.width = Int32(plan.width)
        c.pointee.height = Int32(plan.height)
        c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        c.pointee.time_base = AVRational(num: Int32(plan.frameRate.denominator), den: Int32(plan.frameRate.numerator))
        c.pointee.framerate = AVRational(num: Int32(plan.frameRate.numerator), den: Int32(plan.frameRate.denominator))
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.gop_size = Int32(clamping: e.gopSize)
        let hd = ColorMatrix.forOutput(height: plan.height) == .bt709
        c.pointee.colorspace = hd ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
        c.pointee.color_primaries = hd ? AVCOL_PRI_BT709 : AVCOL_PRI_SMPTE170M
        c.pointee.color_trc = hd ? AVCOL_TRC_BT709 : AVCOL_TRC_SMPTE170M
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.thread_count = Int32(clamping: plan.codecThreading.videoEncoder)
        if let b = e.bitrate { c.pointee.bit_rate = Int64(b) }
        if let m = e.maxBitrate {
            c.pointee.rc_max_rate = Int64(m)
            c.pointee.rc_buffer_size = Int32(clamping: 2 * m)
        }
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        var options: [(String, String)] = [("preset", e.preset)]
        if let crf = e.crf { options.append(("crf", String(crf))) }
        if let p = e.profile { options.append(("profile", p)) }
        if e.codec == .hevc { options.append(("x265-params", "log-level=error")) }
        try enc.open(options: options)
        return enc
    }

    static func audio(_ plan: RenderPlan, globalHeader: Bool) throws -> Encoder {
        let a = plan.audioEncoding
        let enc = try Encoder(name: "aac")
        let c = enc.context
        c.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        c.pointee.sample_rate = Int32(a.sampleRate)
        av_channel_layout_default(&c.pointee.ch_layout, Int32(a.channels))
        c.pointee.bit_rate = Int64(a.bitrate)
        c.pointee.time_base = AVRational(num: 1, den: Int32(a.sampleRate))
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        try enc.open(options: [])
        return enc
    }
}
