import CFFmpeg

/// Owns one `AVPacket`.
final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() {
        guard let p = av_packet_alloc() else { fatalError("av_packet_alloc: out of memory") }
        pointer = p
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&p)
    }

    func unref() { av_packet_unref(pointer) }

    /// A new packet that takes over this one's data and fields (no copy); this one is left blank.
    /// For handing an encoder's reused output packet to another thread.
    func movedOut() -> Packet {
        let p = Packet()
        av_packet_move_ref(p.pointer, pointer)
        return p
    }

    /// A new packet referring to this one's data (no copy), with its fields: for writing one
    /// encoded packet into several muxers, each of which takes its packet over.
    func reference() throws -> Packet {
        let p = Packet()
        try FFmpegError.check(av_packet_ref(p.pointer, pointer), "av_packet_ref")
        return p
    }

    /// Presentation time in the packet's time base.
    var pts: Int64 { pointer.pointee.pts }
    var streamIndex: Int { Int(pointer.pointee.stream_index) }
}
