import CFFmpeg

/// Turns the canvas's pictures (8-bit YUV 4:2:0, or YUVA from `DifferenceMatte`) into the encoder's
/// pixel format when it takes another (ProRes: 10-bit 4:2:2 or 4:4:4, with alpha for 4444), in the
/// same matrix and range: only the chroma is resampled and the bit depth widened (alpha too). A
/// no-op for the 4:2:0 encoders.
final class FrameConverter {
    let format: AVPixelFormat
    private var scaler: Scaler?
    private var target: Frame?

    init(to format: AVPixelFormat) { self.format = format }

    /// `picture` in the encoder's format, with its pts. The returned frame is reused by the next
    /// call once the encoder has let go of it (`makeWritable` copies while the encoder holds it).
    func convert(_ picture: Frame, matrix: CanvasColor) throws -> Frame {
        guard picture.pixelFormat != format else { return picture }
        let (w, h) = (picture.width, picture.height)
        if target == nil || target!.width != w || target!.height != h {
            let key = Scaler.Key(srcWidth: w, srcHeight: h, srcFormat: picture.pixelFormat.rawValue,
                                 srcColorspace: matrix.swsMatrix, srcFullRange: false,
                                 dstWidth: w, dstHeight: h, dstFormat: format.rawValue, dstMatrix: matrix)
            scaler = try Scaler(key: key)
            target = try Frame.video(width: w, height: h, format: format)
        }
        let out = target!
        try out.makeWritable()
        let whole = PixelRect(x: 0, y: 0, width: w, height: h)
        scaler!.scale(picture, rect: whole, into: out, at: whole)
        out.pts = picture.pts
        matrix.tag(out)
        return out
    }
}
