import CFFmpeg

/// Encodes one picture of the engine's canvas (limited-range YUV 4:2:0 in `matrix`, or YUVA with
/// straight alpha for a transparent timeline) as a JPEG or a PNG (RGBA when it has alpha) file's
/// bytes: the consumer of `jpg`/`png` outputs and of thumbnails.
///
/// JPEG (JFIF) means full-range BT.601 Y′CbCr and PNG full-range RGB whatever the canvas's matrix,
/// so both convert through swscale with the canvas's real matrix; an HD canvas (BT.709) would
/// otherwise come out with shifted colours.
enum StillImageEncoder {
    enum Kind {
        case jpeg, png
    }

    /// A conversion kept between pictures of one size and format (a preview context's), so the
    /// scaler's tables and the RGB frame are made once.
    final class Conversion {
        fileprivate var scaler: Scaler?
        fileprivate var frame: Frame?
        init() {}
    }

    /// `width`×`height`: the file's size when not the picture's (a preview scaled down; swscale's
    /// bicubic filter in the same conversion).
    ///
    /// `quick`: a PNG written by `QuickPNG` (a preview's: several times faster to write than
    /// FFmpeg's encoder at its fastest, a similar size; the same pixels).
    static func encode(_ picture: Frame, matrix: CanvasColor, as kind: Kind, width: Int? = nil, height: Int? = nil,
                       quick: Bool = false, reusing conversion: Conversion? = nil) throws -> [UInt8] {
        let (w, h) = (picture.width, picture.height)
        let (dw, dh) = (width ?? w, height ?? h)
        let alpha = picture.pixelFormat == AV_PIX_FMT_YUVA420P
        let format = kind == .jpeg ? AV_PIX_FMT_YUVJ420P : alpha ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24
        let key = Scaler.Key(srcWidth: w, srcHeight: h, srcFormat: picture.pixelFormat.rawValue,
                             srcColorspace: matrix.swsMatrix, srcFullRange: false,
                             dstWidth: dw, dstHeight: dh, dstFormat: format.rawValue, dstMatrix: .bt601, dstFullRange: true)
        let scaler: Scaler, converted: Frame
        if let conversion, let s = conversion.scaler, s.key == key, let f = conversion.frame {
            try f.makeWritable()
            (scaler, converted) = (s, f)
        } else {
            (scaler, converted) = (try Scaler(key: key), try Frame.video(width: dw, height: dh, format: format))
            conversion?.scaler = scaler
            conversion?.frame = converted
        }
        scaler.scale(picture, rect: PixelRect(x: 0, y: 0, width: w, height: h), into: converted, at: PixelRect(x: 0, y: 0, width: dw, height: dh))
        if kind == .png && quick { return QuickPNG.encode(converted, channels: alpha ? 4 : 3) }
        return kind == .jpeg ? try jpeg(converted) : try png(converted, format: format)
    }

    /// Visually lossless JPEG: quantiser 2–3 (ffmpeg's `-q:v 2`).
    private static func jpeg(_ frame: Frame) throws -> [UInt8] {
        let enc = try Encoder(name: "mjpeg")
        let c = enc.context
        c.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
        c.pointee.global_quality = 3 * Int32(FF_QP2LAMBDA)
        c.pointee.qmin = 2
        c.pointee.qmax = 3
        frame.pointer.pointee.quality = c.pointee.global_quality
        return try encodeOne(frame, with: enc, format: AV_PIX_FMT_YUVJ420P)
    }

    /// RGB, or RGBA for a transparent timeline's straight-alpha picture.
    private static func png(_ frame: Frame, format: AVPixelFormat) throws -> [UInt8] {
        try encodeOne(frame, with: try Encoder(name: "png"), format: format)
    }

    private static func encodeOne(_ frame: Frame, with enc: Encoder, format: AVPixelFormat) throws -> [UInt8] {
        let c = enc.context
        c.pointee.width = Int32(frame.width)
        c.pointee.height = Int32(frame.height)
        c.pointee.pix_fmt = format
        c.pointee.time_base = AVRational(num: 1, den: 25)
        try enc.open(options: [])
        frame.pts = 0
        var out: [UInt8] = []
        let sink = { (p: Packet) in
            out += UnsafeBufferPointer(start: p.pointer.pointee.data, count: Int(p.pointer.pointee.size))
        }
        try enc.encode(frame, sink: sink)
        try enc.encode(nil, sink: sink)
        return out
    }
}
