import CFFmpeg

/// One stream of an `OutputFile` and the encoder that feeds it: the only way to write a packet,
/// so an encoder's packets cannot be dropped for want of a stream or land in another one.
struct MuxerStream {
    /// The file the stream belongs to (it keeps the stream's memory alive).
    let file: OutputFile
    let encoder: Encoder
    let stream: UnsafeMutablePointer<AVStream>

    /// Writes one of the encoder's packets (see `OutputFile.write(_:to:)`).
    func write(_ packet: Packet) throws { try file.write(packet, to: self) }
}
