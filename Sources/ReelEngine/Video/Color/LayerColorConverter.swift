import CFFmpeg

/// Converts SDR layer pictures drawn by Reel itself (titles and captions, composed in BT.709 with
/// 8-bit alpha) onto an HDR canvas, through `ColorConverter`: the text's colours land where an SDR
/// picture's do, white at HDR reference white. A title shows one picture for many frames, so the
/// last conversion is kept and handed out again while its source is the same frame.
final class LayerColorConverter {
    let canvas: CanvasColor
    let depth: SampleDepth
    private var converter: ColorConverter?
    private var last: (source: Frame, converted: Frame)?

    init(canvas: CanvasColor, depth: SampleDepth) {
        self.canvas = canvas
        self.depth = depth
    }

    /// `layer` (YUV(A) 4:2:0, tagged with its colour) in the canvas's colour and depth, alpha kept.
    func convert(_ layer: Frame) throws -> Frame {
        if let last, last.source === layer { return last.converted }
        let whole = PixelRect(x: 0, y: 0, width: layer.width, height: layer.height)
        let hasAlpha = (av_pix_fmt_desc_get(layer.pixelFormat)?.pointee.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
        let key = ColorConverter.Key(srcWidth: layer.width, srcHeight: layer.height, srcFormat: layer.pixelFormat.rawValue,
                                     color: PictureColor.of(layer), rect: whole, dstWidth: layer.width, dstHeight: layer.height,
                                     dst: canvas, dstDepth: depth, alpha: hasAlpha)
        if converter?.key != key { converter = try ColorConverter(key: key) }
        let out = try Frame.video(width: layer.width, height: layer.height, format: depth.format(alpha: hasAlpha))
        if hasAlpha {
            // Pixels zimg leaves out (an odd last row or column) stay transparent.
            let a = PlaneView<UInt8>(out, plane: 3)
            PlaneOps.fill(a.base, stride: a.stride, width: out.lineSize(3), height: layer.height, value: 0)
        }
        try converter!.scale(layer, rect: whole, into: out, at: whole)
        canvas.tag(out)
        out.pts = layer.pts
        last = (layer, out)
        return out
    }
}
