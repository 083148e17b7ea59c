import CFFmpeg

/// One video rendition of an HLS output cut into fMP4 segments under its own media playlist by
/// FFmpeg's `hls` muxer: from pictures (`encode`, through its `PictureEncoder`), from an encoder
/// it shares with other outputs (`MultiRenderer` hands it packets through `write`), or from a
/// chunk's packets copied as they are (`write`; the encoder then only gives the stream its
/// parameters, as the chunks' encoders had the same settings).
final class HLSRenditionWriter {
    let rendition: HLSPlan.Rendition
    let source: PictureEncoder
    var encoder: Encoder { source.encoder }
    private let output: OutputFile
    private let stream: MuxerStream

    /// Opens the rendition's playlist; `source`: an encoder of the rendition's settings shared with
    /// other outputs, else one of its own.
    init(plan: RenderPlan, rendition: HLSPlan.Rendition, hls: HLSPlan, folder: String, source: PictureEncoder? = nil) throws {
        self.rendition = rendition
        output = try OutputFile(path: folder + "/" + rendition.name + ".m3u8", formatName: "hls")
        self.source = try source ?? PictureEncoder(plan: plan, globalHeader: output.needsGlobalHeader, rendition: rendition)
        precondition(self.source.settings.globalHeader == output.needsGlobalHeader, "a shared encoder set up for another muxer")
        stream = try output.addStream(for: self.source.encoder)
        try output.writeHeader(options: HLSMuxer.options(name: rendition.name, folder: folder, hls: hls, video: true))
    }

    /// Encodes output frame `index` (`picture` at the output's size) with its own encoder.
    func encode(_ picture: Frame, index: Int64) throws {
        try source.encode(picture, index: index) { try stream.write($0) }
    }

    /// Copies an encoded packet (a chunk's, or a shared encoder's) into the rendition.
    func write(_ packet: Packet) throws { try stream.write(packet) }

    /// Drains the encoder (when it encoded for this rendition alone) and writes the playlist's end.
    func finish(drain: Bool = true) throws {
        if drain { try source.finish { try stream.write($0) } }
        try output.finish()
    }
}
