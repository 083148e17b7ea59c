import CFFmpeg
import ReelSpec

/// Owns a muxer (`AVFormatContext` with its AVIO) writing one output file.
final class OutputFile {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    let path: String
    private var headerWritten = false
    private var ioOpen = false

    /// Creates a muxer of FFmpeg format `formatName` (`mp4`, `mov`, `ipod`, …) writing to `path`.
    init(path: String, formatName: String) throws {
        var ctx: UnsafeMutablePointer<AVFormatContext>? = nil
        let code = avformat_alloc_output_context2(&ctx, nil, formatName, path)
        guard code >= 0, let c = ctx else { throw FFmpegError(code, "avformat_alloc_output_context2", "creating \(formatName) output") }
        pointer = c
        self.path = path
    }

    deinit {
        if ioOpen { avio_closep(&pointer.pointee.pb) }
        avformat_free_context(pointer)
    }

    /// True when the container wants codec headers out of band (encoders must set GLOBAL_HEADER).
    var needsGlobalHeader: Bool { pointer.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    /// Adds a stream for an opened encoder. Its packets are written through the returned stream,
    /// so a packet can only ever reach a stream this file has.
    func addStream(for encoder: Encoder, codecTag: UInt32 = 0) throws -> MuxerStream {
        guard let st = avformat_new_stream(pointer, nil) else {
            throw FFmpegError(reel_averror(ENOMEM), "avformat_new_stream", path)
        }
        try FFmpegError.check(avcodec_parameters_from_context(st.pointee.codecpar, encoder.context), "avcodec_parameters_from_context")
        if codecTag != 0 { st.pointee.codecpar.pointee.codec_tag = codecTag }
        st.pointee.time_base = encoder.context.pointee.time_base
        if encoder.context.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
            st.pointee.avg_frame_rate = encoder.context.pointee.framerate
        }
        return MuxerStream(file: self, encoder: encoder, stream: st)
    }

    /// Names a stream for players: its language (ISO 639-2), its title, and whether it is chosen
    /// without the viewer asking.
    func describe(_ stream: MuxerStream, language: String?, title: String?, isDefault: Bool) {
        precondition(stream.file === self, "a stream of another output file")
        let st = stream.stream
        if let language { av_dict_set(&st.pointee.metadata, "language", language, 0) }
        if let title { av_dict_set(&st.pointee.metadata, "title", title, 0) }
        st.pointee.disposition = isDefault ? AV_DISPOSITION_DEFAULT : 0
    }

    /// Declares an HDR10 stream's mastering display and light levels in the container (MP4/MOV's
    /// `mdcv` and `clli` boxes), as players read them before the first frame's SEI.
    func declare(_ m: HDRMetadata, on stream: MuxerStream) throws {
        precondition(stream.file === self, "a stream of another output file")
        let size = MemoryLayout<AVMasteringDisplayMetadata>.size
        guard let display = av_stream_new_side_data(stream.stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, size) else {
            throw FFmpegError(reel_averror(ENOMEM), "av_stream_new_side_data", path)
        }
        func q(_ v: Double, _ den: Int32) -> AVRational { AVRational(num: Int32((v * Double(den)).rounded()), den: den) }
        var d = AVMasteringDisplayMetadata()
        d.display_primaries = ((q(m.primaries[0].x, 50_000), q(m.primaries[0].y, 50_000)),
                               (q(m.primaries[1].x, 50_000), q(m.primaries[1].y, 50_000)),
                               (q(m.primaries[2].x, 50_000), q(m.primaries[2].y, 50_000)))
        d.white_point = (q(m.whitePoint.x, 50_000), q(m.whitePoint.y, 50_000))
        d.min_luminance = q(m.minLuminance, 10_000)
        d.max_luminance = q(m.maxLuminance, 10_000)
        d.has_primaries = 1
        d.has_luminance = 1
        UnsafeMutableRawPointer(display).storeBytes(of: d, as: AVMasteringDisplayMetadata.self)
        let lightSize = MemoryLayout<AVContentLightMetadata>.size
        guard let light = av_stream_new_side_data(stream.stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, lightSize) else {
            throw FFmpegError(reel_averror(ENOMEM), "av_stream_new_side_data", path)
        }
        let cll = AVContentLightMetadata(MaxCLL: UInt32(clamping: m.maxCLL), MaxFALL: UInt32(clamping: m.maxFALL))
        UnsafeMutableRawPointer(light).storeBytes(of: cll, as: AVContentLightMetadata.self)
    }

    /// Sets container metadata (`title`, `artist`, …).
    func setMetadata(_ entries: [(key: String, value: String)]) {
        for (k, v) in entries { av_dict_set(&pointer.pointee.metadata, k, v, 0) }
    }

    /// Adds chapters; each ends where the next starts, the last at `end`.
    func setChapters(_ chapters: [(start: Time, title: String)], end: Time) throws {
        guard !chapters.isEmpty else { return }
        let count = chapters.count
        guard let array = av_malloc(count * MemoryLayout<UnsafeMutablePointer<AVChapter>?>.stride) else {
            throw FFmpegError(reel_averror(ENOMEM), "av_malloc", "chapters")
        }
        let list = array.bindMemory(to: UnsafeMutablePointer<AVChapter>?.self, capacity: count)
        for i in 0..<count { list[i] = nil }
        pointer.pointee.chapters = list
        let scale: Int64 = 1_000_000
        for (i, ch) in chapters.enumerated() {
            guard let raw = av_mallocz(MemoryLayout<AVChapter>.size) else {
                throw FFmpegError(reel_averror(ENOMEM), "av_mallocz", "chapter")
            }
            let c = raw.bindMemory(to: AVChapter.self, capacity: 1)
            c.pointee.id = Int64(i + 1)
            c.pointee.time_base = AVRational(num: 1, den: Int32(scale))
            c.pointee.start = ch.start.ticks(in: scale, rounding: .nearest)
            let chapterEnd = i + 1 < count ? chapters[i + 1].start : end
            c.pointee.end = chapterEnd.ticks(in: scale, rounding: .nearest)
            av_dict_set(&c.pointee.metadata, "title", ch.title, 0)
            list[i] = c
            pointer.pointee.nb_chapters = UInt32(i + 1)
        }
    }

    /// Opens the file and writes the header with muxer options (e.g. `movflags=+faststart`).
    func writeHeader(options: [(String, String)]) throws {
        if pointer.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            try FFmpegError.check(avio_open(&pointer.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open", "creating \(path)")
            ioOpen = true
        }
        var dict: OpaquePointer? = nil
        for (k, v) in options { av_dict_set(&dict, k, v, 0) }
        defer { av_dict_free(&dict) }
        try FFmpegError.check(avformat_write_header(pointer, &dict), "avformat_write_header", "writing \(path)")
        headerWritten = true
    }

    /// Writes a packet of `stream`'s encoder, converting its timestamps from the encoder's time base
    /// to the one the muxer chose for the stream.
    func write(_ packet: Packet, to stream: MuxerStream) throws {
        precondition(stream.file === self, "a packet for a stream of another output file")
        av_packet_rescale_ts(packet.pointer, stream.encoder.context.pointee.time_base, stream.stream.pointee.time_base)
        packet.pointer.pointee.stream_index = stream.stream.pointee.index
        try FFmpegError.check(av_interleaved_write_frame(pointer, packet.pointer), "av_interleaved_write_frame", "writing \(path)")
    }

    /// Writes the trailer (the index, moved to the front when faststart) and closes the file.
    func finish() throws {
        guard headerWritten else { return }
        try FFmpegError.check(av_write_trailer(pointer), "av_write_trailer", "finishing \(path)")
        if ioOpen {
            avio_closep(&pointer.pointee.pb)
            ioOpen = false
        }
    }
}
