import CFFmpeg
import ReelSpec

/// A JPEG of a video at a time, like AVAssetImageGenerator: the frame on screen at `time`,
/// scaled to `width` (height keeps the display aspect), upright.
public enum ThumbnailGenerator {
    /// Throws `MediaError.noPicture` when the video shows nothing at `time`, `FFmpegError` when it
    /// cannot be read.
    public static func jpeg(path: String, at time: Time, width: Int? = nil) throws -> [UInt8] {
        let stream = try DecodedStream(path: path, type: AVMEDIA_TYPE_VIDEO, threads: 1)
        try stream.seek(to: time)
        var shown: Frame?
        let limit = time + ClipProducer.tolerance
        stream.skipHiddenFrames(upTo: limit)
        while true {
            let f = Frame()
            guard try stream.next(into: f) else { break }
            let ts = f.bestEffortTimestamp
            if shown != nil && ts != reel_nopts() && limit < stream.time(ofTimestamp: ts) { break }
            shown = f
        }
        guard let frame = shown else { throw MediaError.noPicture(path: path, at: time) }
        let rotation = MediaProbe.rotationDegrees(stream.stream)
        let size = MediaProbe.displaySize(width: frame.width, height: frame.height,
                                          sar: frame.pointer.pointee.sample_aspect_ratio, rotation: rotation)
        let w = FitGeometry.even(min(max(16, width ?? size.width), 7680))
        let h = max(2, FitGeometry.even(Double(w) * Double(size.height) / Double(size.width)))
        // Fit into a limited-range canvas (the shared path handles rotation), then expand to the
        // full range JPEG uses.
        let fitted = try FrameFitter(width: w, height: h, background: .black).fit(frame, rotation: rotation, mode: .stretch)
        let full = try Frame.video(width: w, height: h, format: AV_PIX_FMT_YUVJ420P)
        let key = Scaler.Key(srcWidth: w, srcHeight: h, srcFormat: fitted.pixelFormat.rawValue,
                             srcColorspace: SWS_CS_ITU709, srcFullRange: false, dstWidth: w, dstHeight: h,
                             dstFormat: AV_PIX_FMT_YUVJ420P.rawValue, dstMatrix: .bt709, dstFullRange: true)
        try Scaler(key: key).scale(fitted, rect: PixelRect(x: 0, y: 0, width: w, height: h), into: full,
                                   at: PixelRect(x: 0, y: 0, width: w, height: h))
        return try encode(full)
    }

    static func encode(_ frame: Frame) throws -> [UInt8] {
        let enc = try Encoder(name: "mjpeg")
        let c = enc.context
        c.pointee.width = Int32(frame.width)
        c.pointee.height = Int32(frame.height)
        c.pointee.pix_fmt = AV_PIX_FMT_YUVJ420P
        c.pointee.time_base = AVRational(num: 1, den: 25)
        c.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
        c.pointee.global_quality = 3 * Int32(FF_QP2LAMBDA)
        c.pointee.qmin = 2
        c.pointee.qmax = 3
        try enc.open(options: [])
        frame.pointer.pointee.quality = c.pointee.global_quality
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
