import CFFmpeg

/// Owns one `AVPacket`.
public final class Packet {
    public let pointer: UnsafeMutablePointer<AVPacket>

    public init() {
        guard let p = av_packet_alloc() else { fatalError("av_packet_alloc: out of memory") }
        pointer = p
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&p)
    }

    public func unref() { av_packet_unref(pointer) }

    /// A new packet that takes over this one's data and fields (no copy); this one is left blank.
    /// For handing an encoder's reused output packet to another thread.
    public func movedOut() -> Packet {
        let p = Packet()
        av_packet_move_ref(p.pointer, pointer)
        return p
    }

    /// Presentation time in the packet's time base.
    public var pts: Int64 { pointer.pointee.pts }
    public var streamIndex: Int { Int(pointer.pointee.stream_index) }
}
