import CFFmpeg

/// Turns the canvas's pictures (8-bit YUV 4:2:0, or YUVA from `DifferenceMatte`) into the encoder's
/// pixel format when it takes another (ProRes: 10-bit 4:2:2 or 4:4:4, with alpha for 4444), in the
/// same matrix and range: only the chroma is resampled and the bit depth widened (alpha too); and
/// to the encoder's size when it is not the canvas's (a draft's, scaled in the same pass). A no-op
/// for the 4:2:0 encoders at the canvas's size.
final class FrameConverter {
    let format: AVPixelFormat
    let width: Int
    let height: Int
    private var scaler: Scaler?
    private var target: Frame?

    /// For `encoder`: its pixel format and size.
    convenience init(for encoder: Encoder) {
        let c = encoder.context.pointee
        self.init(format: c.pix_fmt, width: Int(c.width), height: Int(c.height))
    }

    /// Into `format` at `width`×`height`.
    init(format: AVPixelFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// `picture` in the encoder's format and size, with its pts. The returned frame is reused by the
    /// next call once the encoder has let go of it (`makeWritable` copies while the encoder holds it).
    func convert(_ picture: Frame, matrix: CanvasColor) throws -> Frame {
        let (w, h) = (picture.width, picture.height)
        guard picture.pixelFormat != format || w != width || h != height else { return picture }
        if scaler == nil || scaler!.key.srcWidth != w || scaler!.key.srcHeight != h {
            let key = Scaler.Key(srcWidth: w, srcHeight: h, srcFormat: picture.pixelFormat.rawValue,
                                 srcColorspace: matrix.swsMatrix, srcFullRange: false,
                                 dstWidth: width, dstHeight: height, dstFormat: format.rawValue, dstMatrix: matrix)
            scaler = try Scaler(key: key)
            target = try Frame.video(width: width, height: height, format: format)
        }
        let out = target!
        try out.makeWritable()
        scaler!.scale(picture, rect: PixelRect(x: 0, y: 0, width: w, height: h), into: out,
                      at: PixelRect(x: 0, y: 0, width: width, height: height))
        out.pts = picture.pts
        matrix.tag(out)
        return out
    }
}
