/// One output's video in a chunk of a job with `outputs`: its streams' packets in a packet file,
/// each with its stream's index (an HLS output's rendition), as `Renderer.renderVideoChunk` and
/// `renderHLSVideoChunk` write the chunk of that output alone, so its join is the same. Its
/// encoders may be shared with other outputs (`MultiRenderer.encode`); its audio is a piece of its
/// own (`Renderer.renderAudioChunk`).
final class ChunkVideoPiece: SharedPictureOutput {
    private let file: PacketFileWriter
    let videoInputs: [(encoder: PictureEncoder, write: (Packet) throws -> Void)]

    /// Opens the packet file at `path` for the streams of `encoders`, in stream order.
    init(path: String, encoders: [PictureEncoder]) throws {
        let file = try PacketFileWriter(path: path)
        self.file = file
        videoInputs = encoders.enumerated().map { r, e in
            (e, { p in
                p.pointer.pointee.stream_index = Int32(r)
                try file.write(p)
            })
        }
    }

    var audioStream: ((Packet) throws -> Void)? { nil }

    func finishAfterVideo() throws { try file.finish() }

    func stop() {}
}
