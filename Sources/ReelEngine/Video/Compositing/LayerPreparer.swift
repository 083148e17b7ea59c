import CFFmpeg

/// Turns a decoded layer into a `LayerImage` at the canvas's depth: takes its crop, premultiplies
/// straight alpha (a picture born premultiplied, `Frame.premultipliedAlpha`, is taken as it is), widens an 8-bit layer (a title, a still) for a 10-bit canvas, and scales it with
/// swscale (bicubic, as FFmpeg's CLI does) to the size it is drawn at.
///
/// Owns the scratch frames and the `Scaler`; they are reused from frame to frame and only grow, so a
/// steady layer allocates nothing per frame and an animated size does not reallocate at every step.
final class LayerPreparer {
    private var premultiplied: Frame?
    private var widened: Frame?
    private var scaled: Frame?
    private var scaler: Scaler?
    private let chromaAlpha8 = ScratchBuffer<UInt8>()
    private let chromaAlpha16 = ScratchBuffer<UInt16>()

    /// The `crop` of `layer` (YUV or YUVA 4:2:0, 8- or 10-bit) as `S` samples, premultiplied when it
    /// has alpha, scaled to `size` when given and different from the crop's. `withChromaAlpha` also
    /// makes the chroma-resolution alpha the rotated path samples.
    func prepare<S: PlaneSample>(_ layer: Frame, crop: PixelRect, size: (width: Int, height: Int)?, withChromaAlpha: Bool,
                                 as _: S.Type) throws -> LayerImage<S> {
        let format = layer.pixelFormat
        let hasAlpha = format == AV_PIX_FMT_YUVA420P || format == AV_PIX_FMT_YUVA420P10LE
        let layerDepth = SampleDepth(canvasFormat: format)
        var source = layer, rect = crop
        let whole = PixelRect(x: 0, y: 0, width: crop.width, height: crop.height)
        if hasAlpha && !layer.premultipliedAlpha {
            let p = try scratch(&premultiplied, width: crop.width, height: crop.height, format: format)
            if layerDepth == .ten {
                AlphaOps.premultiply(layer, crop: crop, into: p, UInt16.self)
            } else {
                AlphaOps.premultiply(layer, crop: crop, into: p, UInt8.self)
            }
            source = p
            rect = whole
        }
        if S.self == UInt16.self, layerDepth == .eight {
            let w = try scratch(&widened, width: crop.width, height: crop.height, format: SampleDepth.ten.format(alpha: hasAlpha))
            for plane in 0..<(hasAlpha ? 4 : 3) {
                let shift = plane == 1 || plane == 2 ? 1 : 0
                PlaneOps.widen(PlaneView(source, plane: plane, x: rect.x >> shift, y: rect.y >> shift), into: PlaneView(w, plane: plane),
                               width: (crop.width + shift) >> shift, height: (crop.height + shift) >> shift, alpha: plane == 3)
            }
            source = w
            rect = whole
        }
        var image: LayerImage<S>
        if let size, size.width != crop.width || size.height != crop.height {
            let format = source.pixelFormat
            let out = try scratch(&scaled, width: size.width, height: size.height, format: format)
            let target = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
            try scaler(from: rect, format: format, to: target).scale(source, rect: rect, into: out, at: target)
            image = LayerImage(out, rect: target, hasAlpha: hasAlpha)
        } else {
            image = LayerImage(source, rect: rect, hasAlpha: hasAlpha)
            // The layer's own samples, unchanged: what its writer recorded of its alpha holds.
            if source === layer { image.coverage = layer.alphaCoverage?.cropped(x: rect.x, y: rect.y) }
        }
        if withChromaAlpha, let alpha = image.alpha {
            let buffer = (S.self == UInt8.self ? chromaAlpha8 as AnyObject : chromaAlpha16 as AnyObject) as! ScratchBuffer<S>
            image.chromaAlpha = AlphaOps.chromaAlpha(alpha, width: image.width, height: image.height, into: buffer)
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
