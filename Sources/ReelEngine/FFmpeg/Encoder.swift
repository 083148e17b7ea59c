import CFFmpeg

/// Owns an encoder (`AVCodecContext`) feeding one stream of an `OutputFile`.
final class Encoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let codecName: String
    let packet = Packet()
    /// Whether it puts its codec headers out of band (`AV_CODEC_FLAG_GLOBAL_HEADER`), as a muxer
    /// that takes them so wants (`OutputFile.needsGlobalHeader`).
    var hasGlobalHeader: Bool { context.pointee.flags & Int32(AV_CODEC_FLAG_GLOBAL_HEADER) != 0 }

    /// Allocates an encoder by FFmpeg name (`libx264`, `aac`, …); configure `context`, then `open`.
    init(name: String) throws {
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw FFmpegError(reel_averror(ENOSYS), "avcodec_find_encoder_by_name", "this FFmpeg has no \(name) encoder")
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw FFmpegError(reel_averror(ENOMEM), "avcodec_alloc_context3", name)
        }
        context = ctx
        codecName = name
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&c)
    }

    /// The codec's global header (`extradata`), e.g. H.264's SPS and PPS; empty when it has none.
    var extradata: [UInt8] {
        guard let data = context.pointee.extradata, context.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(context.pointee.extradata_size)))
    }

    /// Opens the encoder with private options (`crf`, `preset`, `profile`, …).
    func open(options: [(String, String)]) throws {
        var dict: OpaquePointer? = nil
        for (k, v) in options { av_dict_set(&dict, k, v, 0) }
        defer { av_dict_free(&dict) }
        try FFmpegError.check(avcodec_open2(context, context.pointee.codec, &dict), "avcodec_open2", "opening the \(codecName) encoder")
        if let left = av_dict_get(dict, "", nil, AV_DICT_IGNORE_SUFFIX) {
            throw FFmpegError(reel_averror(EINVAL), "avcodec_open2",
                              "the \(codecName) encoder does not take the option \(String(cString: left.pointee.key))")
        }
    }

    /// Sends a frame (nil = flush) and hands every packet that comes out to `sink`.
    func encode(_ frame: Frame?, sink: (Packet) throws -> Void) throws {
        let code = avcodec_send_frame(context, frame?.pointer)
        if code != reel_averror_eof() {
            try FFmpegError.check(code, "avcodec_send_frame", "encoding with \(codecName)")
        }
        while true {
            let r = avcodec_receive_packet(context, packet.pointer)
            if r == reel_averror_eagain() || r == reel_averror_eof() { return }
            try FFmpegError.check(r, "avcodec_receive_packet", "encoding with \(codecName)")
            defer { packet.unref() }
            try sink(packet)
        }
    }
}
