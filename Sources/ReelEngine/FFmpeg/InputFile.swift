import CFFmpeg
import ReelSpec

/// Owns a demuxer (`AVFormatContext`) opened on one local media file.
///
/// Only single-file container formats are allowed (no HLS, DASH or concat lists, which could pull in
/// other files; an image sequence's frames, which the resolver checked one by one, are the one way
/// to read several), and only the `file` protocol (sources from the web are fetched into a local copy
/// first, `SourceResolver.web`), so a hostile source cannot make FFmpeg read elsewhere.
final class InputFile {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    let path: String
    /// The input is an image sequence (`ImageSequenceSource`): frames of a clip, each a picture file.
    let isSequence: Bool
    /// How many frames of a sequence play (its `count`, which the resolver checked are all there):
    /// image2 itself reads on to the end of the run of files it finds, so further frames of the
    /// folder, or a file past the count that is not a picture, must not reach the render.
    let sequenceFrames: Int64?
    /// The stream and timestamp of the packet read last, for saying where a failed read stopped.
    private var lastRead: (stream: Int, pts: Int64)?

    /// Demuxers a source may be read with (FFmpeg short names): single-file containers only. MXF
    /// (broadcast and camera files; FFmpeg's demuxer reads the essence inside the file and opens
    /// no external references) and MPEG program streams (`mpeg`: VOB, camcorder `.mpg`) came with
    /// the sources users send.
    static let allowedFormats = [
        "mov", "mp4", "m4a", "3gp", "3g2", "mj2", "matroska", "webm", "avi", "mpegts", "flv", "mxf", "mpeg",
        "mp3", "aac", "flac", "wav", "w64", "aiff", "ogg", "caf",
        "image2", "png_pipe", "jpeg_pipe", "webp_pipe", "bmp_pipe", "tiff_pipe", "gif", "gif_pipe",
        "h264", "hevc", "mjpeg",
    ].joined(separator: ",")

    /// Opens `path`. With `probe`, or whenever the container's header leaves something unknown (a
    /// stream's start time, codec, size, rate or channels — MPEG-TS, raw streams), FFmpeg also
    /// decodes ahead to fill it in (`avformat_find_stream_info`). The render opens each source again
    /// after the planner probed it, and for MP4/MOV/Matroska the header already says everything:
    /// skipping that probe there saves tens of milliseconds per open and changes no timestamps.
    /// Throws `FFmpegError` with the path in its context on failure.
    init(path: String, probe: Bool = true) throws {
        self.path = path
        var ctx: UnsafeMutablePointer<AVFormatContext>? = avformat_alloc_context()
        guard ctx != nil else { throw FFmpegError(reel_averror(ENOMEM), "avformat_alloc_context", path) }
        var options: OpaquePointer? = nil
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        av_dict_set(&options, "format_whitelist", InputFile.allowedFormats, 0)
        defer { av_dict_free(&options) }
        var url = path
        var format: UnsafePointer<AVInputFormat>?
        if let sequence = try? ImageSequenceSource(src: path) {
            // A resolved sequence (`SourceResolver`): its absolute pattern, read by image2 from
            // exactly its first frame, at its rate.
            url = sequence.pattern
            format = av_find_input_format("image2")
            av_dict_set(&options, "pattern_type", "sequence", 0)
            av_dict_set(&options, "start_number", String(sequence.first), 0)
            av_dict_set(&options, "start_number_range", "1", 0)
            av_dict_set(&options, "framerate", "\(sequence.rate.numerator)/\(sequence.rate.denominator)", 0)
            isSequence = true
            sequenceFrames = sequence.count.map(Int64.init)
        } else {
            // A still's file name is a name, not a printf/glob sequence pattern.
            av_dict_set(&options, "pattern_type", "none", 0)
            isSequence = false
            sequenceFrames = nil
        }
        let openCode = avformat_open_input(&ctx, url, format, &options)
        guard openCode >= 0, let opened = ctx else {
            throw FFmpegError(openCode, "avformat_open_input", "cannot open \(path)",
                              reading: FFmpegError.Reading(path: path, step: .opening))
        }
        // From here on the context is this object's, and `deinit` is the one place that closes it,
        // whether the rest of the init succeeds or throws.
        pointer = opened
        if let frames = sequenceFrames, opened.pointee.nb_streams > 0 {
            // image2's one stream counts in frames (time base 1/rate): the sequence lasts `count` of them.
            let st = opened.pointee.streams[0]!
            if st.pointee.duration == reel_nopts() || st.pointee.duration > frames { st.pointee.duration = frames }
        }
        guard probe || !InputFile.headerIsComplete(opened) else { return }
        try FFmpegError.check(avformat_find_stream_info(opened, nil), "avformat_find_stream_info", "cannot read streams of \(path)",
                              reading: FFmpegError.Reading(path: path, step: .probing))
    }

    deinit {
        var c: UnsafeMutablePointer<AVFormatContext>? = pointer
        avformat_close_input(&c)
    }

    /// The demuxer's short name, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `png_pipe`.
    var formatName: String { String(cString: pointer.pointee.iformat.pointee.name) }

    var streamCount: Int { Int(pointer.pointee.nb_streams) }

    /// True for containers whose seeks go by an index of keyframes (MP4/QuickTime, Matroska/WebM),
    /// which land at or before the time asked for; others (MPEG-TS, raw streams) estimate.
    var seeksByIndex: Bool {
        let name = formatName
        return name.hasPrefix("mov,") || name.hasPrefix("matroska")
    }

    func stream(_ i: Int) -> UnsafeMutablePointer<AVStream> { pointer.pointee.streams[i]! }

    /// The index of the best stream of a type, or nil when the file has none.
    func bestStream(_ type: AVMediaType) -> Int? {
        let i = av_find_best_stream(pointer, type, -1, -1, nil, 0)
        return i >= 0 ? Int(i) : nil
    }

    /// Reads the next packet into `packet`; returns false at end of file.
    func read(into packet: Packet) throws -> Bool {
        let code = av_read_frame(pointer, packet.pointer)
        if code == reel_averror_eof() { return false }
        if code < 0 {
            let after = lastRead.flatMap { seconds($0.pts, stream: $0.stream) }
            throw FFmpegError(code, "av_read_frame", "reading \(path)", reading: FFmpegError.Reading(path: path, step: .reading, seconds: after))
        }
        lastRead = (packet.streamIndex, packet.pts)
        // A sequence's packets are numbered from 0 at its first frame: frame `count` is past its end.
        if let frames = sequenceFrames, packet.pts != reel_nopts(), packet.pts >= frames {
            packet.unref()
            return false
        }
        return true
    }

    /// Tells the demuxer to skip every stream but `keep`, so packets of others are never read into memory.
    func discardAllStreams(except keep: Int) {
        for i in 0..<streamCount where i != keep { stream(i).pointee.discard = AVDISCARD_ALL }
    }

    /// Seeks so that the next packets of `streamIndex` start at or before `timestamp` (in its time base).
    func seek(stream streamIndex: Int, to timestamp: Int64) throws {
        try FFmpegError.check(av_seek_frame(pointer, Int32(streamIndex), timestamp, AVSEEK_FLAG_BACKWARD),
                              "av_seek_frame", "seeking in \(path)",
                              reading: FFmpegError.Reading(path: path, step: .seeking, stream: streamName(streamIndex),
                                             seconds: seconds(timestamp, stream: streamIndex)))
    }

    /// Goes back to the file's first packet: a seek to the container's start time, or to byte 0
    /// where the demuxer cannot seek by time (raw streams).
    func rewind() throws {
        let start = pointer.pointee.start_time == reel_nopts() ? 0 : pointer.pointee.start_time
        if avformat_seek_file(pointer, -1, Int64.min, start, start, 0) >= 0 { return }
        try FFmpegError.check(av_seek_frame(pointer, -1, 0, AVSEEK_FLAG_BYTE), "av_seek_frame", "rewinding \(path)",
                              reading: FFmpegError.Reading(path: path, step: .seeking, stream: nil, seconds: 0))
    }

    /// Stream `i` as a user calls it: "the video stream", or "video stream 2" when the file has
    /// several of its kind.
    func streamName(_ i: Int) -> String {
        let type = stream(i).pointee.codecpar.pointee.codec_type
        let kind: String
        switch type {
        case AVMEDIA_TYPE_VIDEO: kind = "video"
        case AVMEDIA_TYPE_AUDIO: kind = "audio"
        case AVMEDIA_TYPE_SUBTITLE: kind = "subtitle"
        default: return "stream \(i)"
        }
        let alike = (0..<streamCount).filter { stream($0).pointee.codecpar.pointee.codec_type == type }.count
        return alike > 1 ? "\(kind) stream \(i)" : "the \(kind) stream"
    }

    /// Timestamp `ts` of stream `i` in seconds of source time (from the container's start); nil when unknown.
    func seconds(_ ts: Int64, stream i: Int) -> Double? {
        guard ts != reel_nopts(), i >= 0, i < streamCount else { return nil }
        let tb = stream(i).pointee.time_base
        guard tb.den != 0 else { return nil }
        return Double(ts) * Double(tb.num) / Double(tb.den) - Double(startTimeMicros) / Double(reel_time_base())
    }

    /// The container's start time in AV_TIME_BASE units (0 when unknown). Source time 0 is here.
    /// Without a probe it is the earliest stream start, as FFmpeg's own estimate computes it.
    var startTimeMicros: Int64 {
        let s = pointer.pointee.start_time
        if s != reel_nopts() { return s }
        let starts = (0..<streamCount).compactMap { i -> Int64? in
            let st = stream(i).pointee
            guard st.start_time != reel_nopts() else { return nil }
            return av_rescale_q(st.start_time, st.time_base, AVRational(num: 1, den: reel_time_base()))
        }
        return starts.min() ?? 0
    }

    /// True when every stream's start, codec and shape are known from the header alone.
    static func headerIsComplete(_ ctx: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        guard ctx.pointee.nb_streams > 0 else { return false }
        for i in 0..<Int(ctx.pointee.nb_streams) {
            let st = ctx.pointee.streams[i]!.pointee
            let par = st.codecpar.pointee
            guard st.start_time != reel_nopts(), par.codec_id != AV_CODEC_ID_NONE else { return false }
            switch par.codec_type {
            case AVMEDIA_TYPE_VIDEO: if par.width <= 0 || par.height <= 0 { return false }
            case AVMEDIA_TYPE_AUDIO: if par.sample_rate <= 0 || par.ch_layout.nb_channels <= 0 { return false }
            default: break
            }
        }
        return true
    }
}
