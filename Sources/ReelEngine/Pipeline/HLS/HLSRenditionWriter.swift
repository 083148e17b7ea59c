import CFFmpeg

/// One video rendition of an HLS output cut into fMP4 segments under its own media playlist by
/// FFmpeg's `hls` muxer: from pictures (`encode`, through its `HLSRenditionEncoder`), or from a
/// chunk's packets copied as they are (`write`; the encoder then only gives the stream its
/// parameters, as the chunks' encoders had the same settings).
final class HLSRenditionWriter {
    let rendition: HLSPlan.Rendition
    let source: HLSRenditionEncoder
    var encoder: Encoder { source.encoder }
    private let output: OutputFile
    private let stream: MuxerStream

    init(plan: RenderPlan, rendition: HLSPlan.Rendition, hls: HLSPlan, folder: String) throws {
        self.rendition = rendition
        output = try OutputFile(path: folder + "/" + rendition.name + ".m3u8", formatName: "hls")
        source = try HLSRenditionEncoder(plan: plan, rendition: rendition, globalHeader: output.needsGlobalHeader)
        stream = try output.addStream(for: source.encoder)
        try output.writeHeader(options: HLSMuxer.options(name: rendition.name, folder: folder, hls: hls))
    }

    /// Encodes output frame `index` (`picture` at the output's size); `startsSegment` forces it to
    /// be an IDR frame, the same frame in every rendition.
    func encode(_ picture: Frame, index: Int64, startsSegment: Bool) throws {
        try source.encode(picture, index: index, startsSegment: startsSegment) { try stream.write($0) }
    }

    /// Copies an encoded packet (a chunk's) into the rendition.
    func write(_ packet: Packet) throws { try stream.write(packet) }

    /// Drains the encoder (when it encoded) and writes the playlist's end.
    func finish(drain: Bool = true) throws {
        if drain { try source.finish { try stream.write($0) } }
        try output.finish()
    }
}
