import CFFmpeg

/// Turns a decoded layer into a `LayerImage`: takes its crop, premultiplies straight alpha, and scales
/// it with swscale (bicubic, as FFmpeg's CLI does) to the size it is drawn at.
///
/// Owns the scratch frames and the `Scaler`; they are reused from frame to frame and only grow, so a
/// steady layer allocates nothing per frame and an animated size does not reallocate at every step.
final class LayerPreparer {
    private var premultiplied: Frame?
    private var scaled: Frame?
    private var scaler: Scaler?
    private let chromaAlphaBuffer = ScratchBuffer<UInt8>()

    /// The `crop` of `layer` (YUV or YUVA 4:2:0), premultiplied when it has alpha, scaled to `size`
    /// when given and different from the crop's. `withChromaAlpha` also makes the chroma-resolution
    /// alpha the rotated path samples.
    func prepare(_ layer: Frame, crop: PixelRect, size: (width: Int, height: Int)?, withChromaAlpha: Bool) throws -> LayerImage {
        let hasAlpha = layer.pixelFormat == AV_PIX_FMT_YUVA420P
        var source = layer, rect = crop
        if hasAlpha {
            let p = try scratch(&premultiplied, width: crop.width, height: crop.height, format: AV_PIX_FMT_YUVA420P)
            AlphaOps.premultiply(layer, crop: crop, into: p)
            source = p
            rect = PixelRect(x: 0, y: 0, width: crop.width, height: crop.height)
        }
        var image: LayerImage
        if let size, size.width != crop.width || size.height != crop.height {
            let format = source.pixelFormat
            let out = try scratch(&scaled, width: size.width, height: size.height, format: format)
            let target = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
            try scaler(from: rect, format: format, to: target).scale(source, rect: rect, into: out, at: target)
            image = LayerImage(out, rect: target, hasAlpha: hasAlpha)
        } else {
            image = LayerImage(source, rect: rect, hasAlpha: hasAlpha)
        }
        if withChromaAlpha, let alpha = image.alpha {
            image.chromaAlpha = AlphaOps.chromaAlpha(alpha, width: image.width, height: image.height, into: chromaAlphaBuffer)
        }
        return image
    }

    /// A scratch frame of `format` at least `width`×`height`, reused while it is large enough; a new
    /// one is rounded up to 64 pixels so a slowly growing layer does not reallocate every frame.
    private func scratch(_ slot: inout Frame?, width: Int, height: Int, format: AVPixelFormat) throws -> Frame {
        if let f = slot, f.pixelFormat == format, f.width >= width, f.height >= height { return f }
        let w = max(width, slot?.width ?? 0), h = max(height, slot?.height ?? 0)
        let f = try Frame.video(width: (w + 63) & ~63, height: (h + 63) & ~63, format: format)
        slot = f
        return f
    }

    /// A scaler from `rect`-sized pictures of `format` to `target`'s size in the same format. Source and
    /// destination share matrix and range, so swscale only resamples (no colour conversion).
    private func scaler(from rect: PixelRect, format: AVPixelFormat, to target: PixelRect) throws -> Scaler {
        let key = Scaler.Key(srcWidth: rect.width, srcHeight: rect.height, srcFormat: format.rawValue,
                             srcColorspace: SWS_CS_ITU709, srcFullRange: false, dstWidth: target.width,
                             dstHeight: target.height, dstFormat: format.rawValue, dstMatrix: .bt709)
        if let s = scaler, s.key == key { return s }
        let s = try Scaler(key: key)
        scaler = s
        return s
    }
}
