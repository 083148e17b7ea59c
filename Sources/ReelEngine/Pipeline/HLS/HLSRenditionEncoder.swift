import CFFmpeg

/// One video rendition's encoder for an HLS output: the output's pictures scaled to the
/// rendition's size and encoded, each segment's first frame forced to an IDR frame (the same frames
/// in every rendition). Its packets go to the rendition's muxer (`HLSRenditionWriter`, a whole
/// render) or to a chunk's packet file (`Renderer.renderHLSVideoChunk`).
final class HLSRenditionEncoder {
    let rendition: HLSPlan.Rendition
    let encoder: Encoder
    private var scaler: Scaler?
    private var scaled: Frame?
    private let matrix: CanvasColor

    init(plan: RenderPlan, rendition: HLSPlan.Rendition, globalHeader: Bool) throws {
        self.rendition = rendition
        matrix = plan.canvasColor
        encoder = try OutputEncoders.video(plan, globalHeader: globalHeader, rendition: rendition)
    }

    /// Encodes output frame `index` (`picture` at the output's size); `startsSegment` forces it to
    /// be an IDR frame.
    func encode(_ picture: Frame, index: Int64, startsSegment: Bool, sink: (Packet) throws -> Void) throws {
        let frame = try resized(picture)
        frame.pts = index
        frame.pointer.pointee.pict_type = startsSegment ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
        try encoder.encode(frame, sink: sink)
    }

    /// Drains the encoder.
    func finish(sink: (Packet) throws -> Void) throws { try encoder.encode(nil, sink: sink) }

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
