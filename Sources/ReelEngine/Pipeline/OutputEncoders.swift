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
        case .hls: return "hls"
        }
    }

    /// The video encoder for the plan's output, or for one `rendition` of an HLS output
    /// (`VideoEncoderSettings`), opened.
    static func video(_ plan: RenderPlan, globalHeader: Bool, rendition: HLSPlan.Rendition? = nil) throws -> Encoder {
        try VideoEncoderSettings(plan, globalHeader: globalHeader, rendition: rendition).open()
    }

    /// The encoder's pixel format: 8-bit 4:2:0 for the delivery codecs, 10-bit 4:2:0 for HEVC's
    /// Main 10 profile (every HDR output); ProRes is 10-bit 4:2:2, or 4:4:4 for the 4444 profile,
    /// with its alpha channel (16-bit in the bitstream) when the timeline is transparent
    /// (`RenderPlan.keepsAlpha`). The canvas takes its depth from this (`RenderPlan.sampleDepth`).
    static func pixelFormat(_ e: VideoEncoding, alpha: Bool) -> AVPixelFormat {
        if e.codec == .hevc && e.profile == "main10" { return AV_PIX_FMT_YUV420P10LE }
        guard e.codec == .prores else { return AV_PIX_FMT_YUV420P }
        guard e.profile == "4444" else { return AV_PIX_FMT_YUV422P10LE }
        return alpha ? AV_PIX_FMT_YUVA444P10LE : AV_PIX_FMT_YUV444P10LE
    }

    /// libvpx-vp9 for a server: constant quality (`crf` with no target bitrate, or constrained by
    /// `maxBitrate`), row-based multithreading, and the x264-style `preset` mapped onto libvpx's
    /// speed: `veryfast` (the default) is `good` quality at `cpu-used` 5, libvpx's fastest
    /// non-realtime setting, `ultrafast`/`superfast` switch to the `realtime` deadline.
    static func vp9Options(_ e: VideoEncoding) -> [(String, String)] {
        let speed: (deadline: String, cpuUsed: Int)
        switch e.preset {
        case "ultrafast": speed = ("realtime", 8)
        case "superfast": speed = ("realtime", 7)
        case "veryfast", "faster": speed = ("good", 5)
        case "fast": speed = ("good", 4)
        case "medium": speed = ("good", 3)
        case "slow": speed = ("good", 2)
        case "slower": speed = ("good", 1)
        default: speed = ("good", 0)
        }
        var options = [("deadline", speed.deadline), ("cpu-used", String(speed.cpuUsed)), ("row-mt", "1")]
        if let crf = e.crf { options.append(("crf", String(crf))) }
        return options
    }

    /// True when the output's muxer wants codec headers out of band, so a chunk's encoder (which
    /// writes no file of its own) is configured like the one of a whole render.
    static func wantsGlobalHeader(_ format: OutputFormat) -> Bool {
        guard let f = av_guess_format(muxerName(format), nil, nil) else { return false }
        return f.pointee.flags & AVFMT_GLOBALHEADER != 0
    }

    static func audio(_ plan: RenderPlan, globalHeader: Bool) throws -> Encoder {
        let a = plan.audioEncoding
        let enc: Encoder
        let c: UnsafeMutablePointer<AVCodecContext>
        // AAC takes planar float, libopus interleaved float, PCM interleaved 16-bit integers;
        // `AudioTrackEncoder` writes any of them.
        switch a.codec {
        case .aac:
            enc = try Encoder(name: "aac")
            c = enc.context
            c.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        case .opus:
            enc = try Encoder(name: "libopus")
            c = enc.context
            c.pointee.sample_fmt = AV_SAMPLE_FMT_FLT
        case .pcm:
            enc = try Encoder(name: "pcm_s16le")
            c = enc.context
            c.pointee.sample_fmt = AV_SAMPLE_FMT_S16
        }
        c.pointee.sample_rate = Int32(a.sampleRate)
        av_channel_layout_default(&c.pointee.ch_layout, Int32(a.channels))
        c.pointee.bit_rate = Int64(a.bitrate)
        c.pointee.time_base = AVRational(num: 1, den: Int32(a.sampleRate))
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        try enc.open(options: [])
        return enc
    }
}
