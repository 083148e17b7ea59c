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

    /// The video encoder for the plan's output, or for one `rendition` of an HLS output: its size
    /// and bitrate, keyframes only where the caller forces them (at segment starts) so every
    /// rendition's segments hold the same frames.
    static func video(_ plan: RenderPlan, globalHeader: Bool, rendition: HLSPlan.Rendition? = nil) throws -> Encoder {
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
        let enc = try Encoder(name: e.encoderName)
        let c = enc.context
        c.pointee.width = Int32(rendition?.width ?? plan.encodedWidth)
        c.pointee.height = Int32(rendition?.height ?? plan.encodedHeight)
        c.pointee.pix_fmt = pixelFormat(e, alpha: plan.keepsAlpha)
        c.pointee.time_base = AVRational(num: Int32(plan.frameRate.denominator), den: Int32(plan.frameRate.numerator))
        c.pointee.framerate = AVRational(num: Int32(plan.frameRate.numerator), den: Int32(plan.frameRate.denominator))
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.gop_size = Int32(clamping: e.gopSize)
        let color = rendition == nil ? plan.canvasColor : .forOutput(height: plan.height)
        c.pointee.colorspace = color.avMatrix
        c.pointee.color_primaries = color.avPrimaries
        c.pointee.color_trc = color.avTransfer
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.thread_count = Int32(clamping: plan.codecThreading.videoEncoder)
        // No bitrate means constant quality; libvpx reads the context's default 200 kb/s as a target.
        c.pointee.bit_rate = Int64(e.bitrate ?? (e.codec == .vp9 ? e.maxBitrate ?? 0 : 0))
        if let m = e.maxBitrate {
            c.pointee.rc_max_rate = Int64(m)
            c.pointee.rc_buffer_size = Int32(clamping: 2 * m)
        }
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        var options: [(String, String)]
        switch e.codec {
        case .h264, .hevc:
            options = [("preset", e.preset)]
            if let crf = e.crf { options.append(("crf", String(crf))) }
            if let p = e.profile { options.append(("profile", p)) }
            // Keyframes only every `gopSize` frames, closed GOPs, no scene-cut keyframes: a render cut
            // into chunks (each starting with an IDR frame at a multiple of the GOP) then has the
            // same keyframe positions as one rendered whole, and a player can seek on a fixed grid.
            if e.codec == .hevc {
                let hdr10 = plan.hdrMetadata.map { ":" + $0.x265Parameters } ?? ""
                options.append(("x265-params", "log-level=error:scenecut=0:open-gop=0" + hdr10))
            } else {
                options.append(("x264-params", "scenecut=0:open-gop=0"))
            }
            if rendition != nil {
                // Segment starts are forced IDR frames; x264 adds none of its own. No B-frames: HLS's
                // fMP4 segments carry no edit list, so a reorder delay would start the video a frame
                // or two after the audio in every player.
                options += [("forced-idr", "1"), ("bf", "0"), ("x264-params", "scenecut=0:open-gop=0")]
                c.pointee.gop_size = 1 << 30   // x264's "infinite"
            }
        case .vp9:
            options = vp9Options(e)
        case .prores:
            // `apl0` makes QuickTime and Final Cut take the stream as Apple's own.
            options = [("profile", e.profile ?? "hq"), ("vendor", "apl0")]
        }
        try enc.open(options: options)
        return enc
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
