import CFFmpeg

/// A video encoder fed the canvas's pictures: each converted to the encoder's format and size
/// (`FrameConverter`: itself when they match) and encoded, the frames in `forced` made IDR frames
/// (an HLS rendition's segment starts off the GOP grid). An output's file, an HLS rendition, a
/// chunk's packet file, or several of them at once (`MultiRenderer`) take its packets.
final class PictureEncoder {
    let settings: VideoEncoderSettings
    let encoder: Encoder
    /// The frames forced to be IDR frames.
    let forced: Set<Int64>
    private let converter: FrameConverter
    private let matrix: CanvasColor

    /// An encoder with `settings` for pictures of the plan's canvas.
    init(_ settings: VideoEncoderSettings, plan: RenderPlan) throws {
        self.settings = settings
        encoder = try settings.open()
        forced = settings.forcesKeyframes ? plan.forcedSegmentStarts : []
        converter = FrameConverter(for: encoder)
        matrix = plan.canvasColor
    }

    /// The plan's output's encoder, or one `rendition`'s of its HLS output.
    convenience init(plan: RenderPlan, globalHeader: Bool, rendition: HLSPlan.Rendition? = nil) throws {
        try self.init(VideoEncoderSettings(plan, globalHeader: globalHeader, rendition: rendition), plan: plan)
    }

    /// Encodes output frame `index` (`picture`, the canvas's, is not changed).
    func encode(_ picture: Frame, index: Int64, sink: (Packet) throws -> Void) throws {
        var frame = try converter.convert(picture, matrix: matrix)
        let type = forced.contains(index) ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
        if frame === picture, type != AV_PICTURE_TYPE_NONE { frame = try picture.reference() }
        if frame !== picture {
            frame.pts = index
            frame.pointer.pointee.pict_type = type
        }
        try encoder.encode(frame, sink: sink)
    }

    /// Drains the encoder.
    func finish(sink: (Packet) throws -> Void) throws { try encoder.encode(nil, sink: sink) }
}
