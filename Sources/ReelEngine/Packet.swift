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
    public var streamIndex: Int { Int(pointer.pointee.stream_index) }
}
