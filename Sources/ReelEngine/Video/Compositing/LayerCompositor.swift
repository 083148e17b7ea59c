import CFFmpeg

/// Draws one layer onto an output canvas: the per-layer step of a video composition (what
/// AVVideoComposition does for each layer instruction), used for overlays, picture-in-picture,
/// transitions and keyframed crop/move/scale/rotate/opacity.
///
/// - Canvas: a writable-able `Frame` in YUV 4:2:0 (limited range, the output's matrix), 8-bit or
///   10-bit (`SampleDepth`); every loop below runs on the canvas's own samples.
/// - Layer: YUV 4:2:0, or YUVA 4:2:0 with straight alpha at luma resolution (as decoders deliver it),
///   any size, at the canvas's depth or 8-bit (widened for a 10-bit canvas), **already in the
///   canvas's matrix and range** (the compositor resamples, it does not convert colour).
///
/// How a draw runs: nothing at all when the opacity is 0 or the layer misses the canvas; a plane copy
/// when an opaque layer exactly covers a canvas of its own size at full opacity. Otherwise the crop is
/// premultiplied (alpha layers) and scaled by swscale (bicubic) to the drawn size rounded to whole
/// pixels; an unrotated layer is then blended 1:1 with its fractional edges anti-aliased
/// (`AxisAlignedBlender`), a rotated one is mapped back bilinearly (`RotatedBlender`), one turned in
/// 3D is mapped back through its perspective (`PerspectiveBlender`). A layer drawn
/// far larger than the canvas skips the pre-scale and is sampled bilinearly straight from the crop, so
/// a big zoom never allocates a huge intermediate picture.
///
/// Keeps scratch frames, the scaler and row buffers between calls: use one compositor per render (it
/// is not thread-safe) and draw layers bottom to top.
final class LayerCompositor {
    private let preparer = LayerPreparer()
    private let scratch8 = BlendScratch<UInt8>()
    private let scratch16 = BlendScratch<UInt16>()

    /// A pre-scaled layer may have at most this many times the canvas's pixels.
    static let prescaleAreaLimit = 4.0
    static let prescaleSideLimit = 16384

    /// A compositor with empty caches; they fill on the first draws and are then reused.
    init() {}

    /// Blends `layer` onto `canvas` (in place, made writable first, so a canvas the encoder still
    /// holds is copied rather than changed under it) as `placement` says. Throws `CompositingError`
    /// for pixel formats other than those above, or `FFmpegError` if a scratch frame or scaler cannot
    /// be made.
    func draw(_ layer: Frame, _ placement: LayerPlacement, onto canvas: Frame) throws {
        let canvasDepth = SampleDepth(canvasFormat: canvas.pixelFormat)
        try CompositingError.require(canvas, in: [SampleDepth.eight.format(alpha: false), SampleDepth.ten.format(alpha: false)],
                                     operation: "drawing a layer", role: "canvas")
        try CompositingError.require(layer, in: SampleDepth.eight.formats + (canvasDepth == .ten ? SampleDepth.ten.formats : []),
                                     operation: "drawing a layer", role: "layer")
        guard let g = LayerGeometry(placement, sourceWidth: layer.width, sourceHeight: layer.height,
                                    canvasWidth: canvas.width, canvasHeight: canvas.height) else { return }
        try canvas.makeWritable()
        try withExtendedLifetime(layer) {
            if canvasDepth == .ten {
                try draw(layer, placement, g, onto: canvas, scratch: scratch16)
            } else {
                try draw(layer, placement, g, onto: canvas, scratch: scratch8)
            }
        }
    }

    /// The draw on a canvas of `S` samples.
    private func draw<S: PlaneSample>(_ layer: Frame, _ placement: LayerPlacement, _ g: LayerGeometry, onto canvas: Frame,
                                      scratch: BlendScratch<S>) throws {
        let turn = placement.turn.truncatingRemainder(dividingBy: 360)
        if turn != 0 {
            // Edge-on (and facing away beyond) shows nothing: a layer has no back.
            guard abs(turn) < 90 || abs(turn) > 270 else { return }
            let image = try preparer.prepare(layer, crop: g.crop, size: nil, withChromaAlpha: true, as: S.self)
            PerspectiveBlender.blend(image, geometry: g, turn: turn, onto: canvas)
            return
        }
        if isPlainCopy(layer, g, canvas) {
            PlaneOps.copyPlanes(of: layer, into: canvas, at: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
            return
        }
        let size = (width: max(1, Int(min(g.width.rounded(), 1e9))), height: max(1, Int(min(g.height.rounded(), 1e9))))
        let prescale = size.width <= Self.prescaleSideLimit && size.height <= Self.prescaleSideLimit
            && Double(size.width) * Double(size.height) <= Self.prescaleAreaLimit * Double(canvas.width * canvas.height)
        if g.isAxisAligned && prescale {
            let image = try preparer.prepare(layer, crop: g.crop, size: size, withChromaAlpha: false, as: S.self)
            // The image's origin: its centre as close to the true centre as whole pixels allow.
            let ox = Int((g.centerX - Double(size.width) / 2 + 0.5).rounded(.down))
            let oy = Int((g.centerY - Double(size.height) / 2 + 0.5).rounded(.down))
            AxisAlignedBlender.blend(image, originX: ox, originY: oy, geometry: g, onto: canvas, scratch: scratch)
        } else {
            let image = try preparer.prepare(layer, crop: g.crop, size: prescale ? size : nil, withChromaAlpha: true, as: S.self)
            RotatedBlender.blend(image, geometry: g, onto: canvas)
        }
    }

    /// An opaque layer of the canvas's size, uncropped, exactly covering it at full opacity.
    /// True when the draw is exactly a copy of every plane.
    private func isPlainCopy(_ layer: Frame, _ g: LayerGeometry, _ canvas: Frame) -> Bool {
        layer.pixelFormat == canvas.pixelFormat && g.isAxisAligned && g.opacity == 65536
            && layer.width == canvas.width && layer.height == canvas.height
            && g.crop == PixelRect(x: 0, y: 0, width: layer.width, height: layer.height)
            && g.left == 0 && g.top == 0 && g.width == Double(canvas.width) && g.height == Double(canvas.height)
    }
}
