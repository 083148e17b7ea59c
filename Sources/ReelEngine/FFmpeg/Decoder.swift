import CFFmpeg

/// Owns a decoder (`AVCodecContext`) for one stream of an `InputFile`.
final class Decoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let streamIndex: Int
    let label: String
    /// The file and stream, for the errors of decoding it (their step and time are set when one fails).
    let source: FFmpegError.Reading
    /// The stream's time base and the container's start, to give a failed packet's source time.
    private let timeBase: AVRational
    private let startSeconds: Double
    /// The timestamp of the packet sent last: where a failure the decoder reports shows.
    private var lastSent = reel_nopts()

    /// Opens the decoder for `streamIndex` with `threads` threads (0: FFmpeg's automatic count; the
    /// renderer passes `CodecThreading.videoDecoder`).
    init(input: InputFile, streamIndex: Int, threads: Int = 0) throws {
        let stream = input.stream(streamIndex)
        let par = stream.pointee.codecpar!
        label = "\(input.path) stream \(streamIndex)"
        let source = FFmpegError.Reading(path: input.path, step: .openingDecoder, stream: input.streamName(streamIndex))
        self.source = source
        timeBase = stream.pointee.time_base
        startSeconds = Double(input.startTimeMicros) / Double(reel_time_base())
        guard let codec = avcodec_find_decoder(par.pointee.codec_id) else {
            let name = String(cString: avcodec_get_name(par.pointee.codec_id))
            var finding = source
            finding.step = .findingDecoder(codec: name)
            throw FFmpegError(reel_averror(ENOSYS), "avcodec_find_decoder", "no decoder for codec \(name) in \(label)", reading: finding)
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw FFmpegError(reel_averror(ENOMEM), "avcodec_alloc_context3", label)
        }
        context = ctx
        self.streamIndex = streamIndex
        try FFmpegError.check(avcodec_parameters_to_context(ctx, par), "avcodec_parameters_to_context", label, reading: source)
        ctx.pointee.pkt_timebase = stream.pointee.time_base
        ctx.pointee.thread_count = Int32(threads)
        ctx.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        try FFmpegError.check(avcodec_open2(ctx, codec, nil), "avcodec_open2", "opening the decoder for \(label)", reading: source)
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&c)
    }

    /// Sends a packet (nil = drain). Returns false when the decoder wants frames read first.
    func send(_ packet: Packet?) throws -> Bool {
        if let packet { lastSent = packet.pts != reel_nopts() ? packet.pts : packet.pointer.pointee.dts }
        let code = avcodec_send_packet(context, packet?.pointer)
        if code == reel_averror_eagain() { return false }
        if code == reel_averror_eof() { return true }
        // EINVAL is a programming error (decoder not open); any other failure is a damaged packet,
        // which is skipped as players do, and the stream goes on.
        if code == reel_averror(EINVAL) { throw FFmpegError(code, "avcodec_send_packet", "decoding \(label)", reading: decoding) }
        return true
    }

    /// Receives a decoded frame into `frame`: `.frame`, `.needInput`, or `.end` after draining.
    func receive(into frame: Frame) throws -> ReceiveResult {
        let code = avcodec_receive_frame(context, frame.pointer)
        if code == reel_averror_eagain() { return .needInput }
        if code == reel_averror_eof() { return .end }
        try FFmpegError.check(code, "avcodec_receive_frame", "decoding \(label)", reading: decoding)
        return .frame
    }

    /// Where a failure to decode shows: the packet sent last (a decoder reports a damaged packet
    /// when it is sent or when the frame after it is asked for).
    private var decoding: FFmpegError.Reading {
        var r = source
        r.step = .decoding
        if lastSent != reel_nopts(), timeBase.den != 0 {
            r.seconds = Double(lastSent) * Double(timeBase.num) / Double(timeBase.den) - startSeconds
        }
        return r
    }

    /// Drops buffered frames, after a seek.
    func flush() { avcodec_flush_buffers(context) }

    enum ReceiveResult { case frame, needInput, end }
}
