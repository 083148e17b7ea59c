import CFFmpeg

/// A stream of an `OutputFile` fed with packets that no encoder of this file made (passthrough's
/// copied and spliced video): the packets carry timestamps in `timeBase`.
struct PacketStream {
    let file: OutputFile
    let stream: UnsafeMutablePointer<AVStream>
    let timeBase: AVRational

    /// Writes a packet, converting its timestamps from `timeBase` to the stream's.
    func write(_ packet: Packet) throws {
        av_packet_rescale_ts(packet.pointer, timeBase, stream.pointee.time_base)
        packet.pointer.pointee.stream_index = stream.pointee.index
        try FFmpegError.check(av_interleaved_write_frame(file.pointer, packet.pointer), "av_interleaved_write_frame", "writing \(file.path)")
    }
}

extension OutputFile {
    /// Adds a video stream described by `configure` (codec, size, extradata, …) whose packets
    /// come with timestamps in `timeBase`.
    func addStream(timeBase: AVRational, frameRate: AVRational,
                   configure: (UnsafeMutablePointer<AVCodecParameters>) throws -> Void) throws -> PacketStream {
        guard let st = avformat_new_stream(pointer, nil) else {
            throw FFmpegError(reel_averror(ENOMEM), "avformat_new_stream", path)
        }
        try configure(st.pointee.codecpar)
        st.pointee.time_base = timeBase
        st.pointee.avg_frame_rate = frameRate
        return PacketStream(file: self, stream: st, timeBase: timeBase)
    }
}

extension Packet {
    /// A packet holding `bytes` with this packet's timestamps and flags.
    func withData(_ bytes: [UInt8]) throws -> Packet {
        let p = Packet()
        try FFmpegError.check(av_new_packet(p.pointer, Int32(bytes.count)), "av_new_packet", "rewriting a packet")
        bytes.withUnsafeBufferPointer { src in
            if let base = src.baseAddress { p.pointer.pointee.data.update(from: base, count: bytes.count) }
        }
        try FFmpegError.check(av_packet_copy_props(p.pointer, pointer), "av_packet_copy_props", "rewriting a packet")
        return p
    }

    /// The packet's payload.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: pointer.pointee.data, count: Int(pointer.pointee.size)) }
}
