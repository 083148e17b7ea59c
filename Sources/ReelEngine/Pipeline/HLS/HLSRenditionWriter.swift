import CFFmpeg

/// One video rendition of an HLS output: the output's pictures scaled to the rendition's size,
/// encoded (keyframes exactly at segment starts) and cut into fMP4 segments under its own media
/// playlist by FFmpeg's `hls` muxer.
final class HLSRenditionWriter {
    let rendition: HLSPlan.Rendition
    let encoder: Encoder
    private let output: OutputFile
    private let stream: MuxerStream
    private var scaler: Scaler?
    private var scaled: Frame?
    private let matrix: CanvasColor

    init(plan: RenderPlan, rendition: HLSPlan.Rendition, hls: HLSPlan, folder: String) throws {
        self.rendition = rendition
        matrix = plan.canvasColor
        output = try OutputFile(path: folder + "/" + rendition.name + ".m3u8", formatName: "hls")
        encoder = try OutputEncoders.video(plan, globalHeader: output.needsGlobalHeader, rendition: rendition)
        stream = try output.addStream(for: encoder)
        try output.writeHeader(options: HLSMuxer.options(name: rendition.name, folder: folder, hls: hls))
    }

    /// Encodes output frame `index` (`picture` at the output's size); `startsSegment` forces it to
    /// be an IDR frame, the same frame in every rendition.
    func encode(_ picture: Frame, index: Int64, startsSegment: Bool) throws {
        let frame = try resized(picture)
        frame.pts = index
        frame.pointer.pointee.pict_type = startsSegment ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
        try encoder.encode(frame) { try stream.write($0) }
    }

    /// Drains the encoder and writes the playlist's end.
    func finish() throws {
        try encoder.encode(nil) { try stream.write($0) }
        try output.finish()
    }

    /// The picture at the rendition's size: itself at full size, else a scaled copy (the same
    /// matrix and range; the copy is reused once the encoder lets go of it).
    private func resized(_ picture: Frame) throws -> Frame {
        guard picture.width != rendition.width || picture.height != rendition.height else { return try picture.reference() }
        if scaled == nil {
            let cs = matrix.swsMatrix
            scaler = try Scaler(key: Scaler.Key(srcWidth: picture.width, srcHeight: picture.height, srcFormat: picture.pixelFormat.rawValue,
                                                srcColorspace: cs, srcFullRange: false, dstWidth: rendition.width, dstHeight: rendition.height,
                                                dstFormat: AV_PIX_FMT_YUV420P.rawValue, dstMatrix: matrix))
            scaled = try Frame.video(width: rendition.width, height: rendition.height, format: AV_PIX_FMT_YUV420P)
        }
        let out = scaled!
        try out.makeWritable()
        scaler!.scale(picture, rect: PixelRect(x: 0, y: 0, width: picture.width, height: picture.height), into: out,
                      at: PixelRect(x: 0, y: 0, width: rendition.width, height: rendition.height))
        matrix.tag(out)
        return out
    }
}
