import CFFmpeg

/// Owns a `SwsContext` converting one source shape (size, pixel format, colour matrix, range) to
/// YUV of one size, matrix and range (limited for video, full for JPEG thumbnails). Bicubic resampling, as FFmpeg's own CLI uses.
final class Scaler: PictureScaler {
    struct Key: Equatable {
        var srcWidth: Int, srcHeight: Int, srcFormat: Int32, srcColorspace: Int32, srcFullRange: Bool
        var dstWidth: Int, dstHeight: Int, dstFormat: Int32, dstMatrix: CanvasColor
        var dstFullRange = false
        /// Interpolate chroma to full horizontal resolution before converting to RGB (sharper colour
        /// edges); off, swscale's default, matches what players and the ffmpeg CLI show.
        var fullChromaInterpolation = true
    }

    let key: Key
    let context: OpaquePointer

    init(key: Key) throws {
        guard let ctx = sws_getContext(Int32(key.srcWidth), Int32(key.srcHeight), AVPixelFormat(rawValue: key.srcFormat),
                                       Int32(key.dstWidth), Int32(key.dstHeight), AVPixelFormat(rawValue: key.dstFormat),
                                       SWS_BICUBIC | SWS_ACCURATE_RND | (key.fullChromaInterpolation ? SWS_FULL_CHR_H_INT : 0),
                                       nil, nil, nil) else {
            let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: key.srcFormat)).map { String(cString: $0) } ?? "?"
            throw FFmpegError(reel_averror(EINVAL), "sws_getContext",
                              "cannot convert \(key.srcWidth)x\(key.srcHeight) \(name) pictures")
        }
        context = ctx
        self.key = key
        let dstCS = key.dstMatrix.swsMatrix
        sws_setColorspaceDetails(ctx, sws_getCoefficients(key.srcColorspace), key.srcFullRange ? 1 : 0,
                                 sws_getCoefficients(dstCS), key.dstFullRange ? 1 : 0, 0, 1 << 16, 1 << 16)
    }

    deinit { sws_freeContext(context) }

    /// Scales `rect` of `src` into `dstRect` of `dst`.
    func scale(_ src: Frame, rect: PixelRect, into dst: Frame, at dstRect: PixelRect) {
        var srcPlanes = Scaler.planes(of: src, at: rect)
        var dstPlanes = Scaler.planes(of: dst, at: dstRect)
        var srcStrides = (0..<4).map { Int32(src.lineSize($0)) }
        var dstStrides = (0..<4).map { Int32(dst.lineSize($0)) }
        srcPlanes.withUnsafeMutableBufferPointer { sp in
            dstPlanes.withUnsafeMutableBufferPointer { dp in
                srcStrides.withUnsafeMutableBufferPointer { ss in
                    dstStrides.withUnsafeMutableBufferPointer { ds in
                        let spc = UnsafeRawPointer(sp.baseAddress!).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
                        _ = sws_scale(context, spc, ss.baseAddress, 0, Int32(rect.height), dp.baseAddress, ds.baseAddress)
                    }
                }
            }
        }
    }

    /// Plane pointers offset to the top-left of `rect`, honouring chroma subsampling and palettes.
    static func planes(of frame: Frame, at rect: PixelRect) -> [UnsafeMutablePointer<UInt8>?] {
        let fmt = frame.pixelFormat
        guard let desc = av_pix_fmt_desc_get(fmt) else { return (0..<4).map { frame.data($0) } }
        let isPalette = desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0
        return (0..<4).map { p -> UnsafeMutablePointer<UInt8>? in
            guard let base = frame.data(p) else { return nil }
            if (rect.x == 0 && rect.y == 0) || (isPalette && p == 1) { return base }
            let rowShift = (p == 1 || p == 2) ? Int(desc.pointee.log2_chroma_h) : 0
            let bytes = rect.x == 0 ? 0 : Int(av_image_get_linesize(fmt, Int32(rect.x), Int32(p)))
            return base + (rect.y >> rowShift) * frame.lineSize(p) + max(0, bytes)
        }
    }
}
