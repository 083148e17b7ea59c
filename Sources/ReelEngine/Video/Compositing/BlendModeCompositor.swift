import CFFmpeg
import Foundation
import ReelSpec

/// Draws a layer with a blend mode other than `normal` (W3C Compositing and Blending Level 1): the
/// result is `(1 − αs)·Cb + αs·B(Cb, Cs)` over the opaque canvas, on gamma-encoded R′G′B′ (the
/// canvas's own signal, as a browser blends sRGB), then written back to the canvas's Y′CbCr.
///
/// The layer's colour and coverage come from the ordinary compositor, so every geometry (scaled,
/// rotated, turned in perspective, cropped, faded) blends alike: it is drawn once over black and
/// once over white in two scratch canvases, over the rectangle it can touch. Over black a pixel is
/// `αs·Cs`, over white `αs·Cs + (1 − αs)`, which gives `αs` and `Cs` back. Chroma is 4:2:0: each
/// pixel takes its block's chroma, and the block's four results are averaged back into it. A grey
/// read back from Y′CbCr carries a trace of colour (chroma is rounded to whole samples), which the
/// hue and saturation modes would magnify into a full colour: greys within that rounding are
/// taken as exact greys (`YCbCrMatrix.greyNoise`).
final class BlendModeCompositor {
    let compositor: LayerCompositor
    private var overBlack: Frame?
    private var overWhite: Frame?

    init(compositor: LayerCompositor) { self.compositor = compositor }

    /// `direct`: false draws every layer over black and white (for the tests that hold the direct
    /// read of an exactly placed layer to the same pixels).
    func draw(_ layer: Frame, _ placement: LayerPlacement, mode: BlendMode, color: CanvasColor, onto canvas: Frame,
              direct: Bool = true) throws {
        guard mode != .normal else { return try compositor.draw(layer, placement, onto: canvas) }
        try canvas.makeWritable()
        let ten = SampleDepth(canvasFormat: canvas.pixelFormat) == .ten
        // An opaque layer on whole pixels at its own size: its samples are the source, its alpha 1.
        if direct, let rect = ten ? Self.exactPlace(UInt16.self, layer, placement, canvas) : Self.exactPlace(UInt8.self, layer, placement, canvas) {
            if ten {
                blend(UInt16.self, mode, color, rect, canvas, layer, nil, sourceAt: (0, 0))
            } else {
                blend(UInt8.self, mode, color, rect, canvas, layer, nil, sourceAt: (0, 0))
            }
            return
        }
        guard let rect = Self.reach(placement, canvasWidth: canvas.width, canvasHeight: canvas.height) else { return }
        if ten {
            let (black, white) = try source(UInt16.self, layer, placement, rect, like: canvas)
            blend(UInt16.self, mode, color, rect, canvas, black, white, sourceAt: (rect.x, rect.y))
        } else {
            let (black, white) = try source(UInt8.self, layer, placement, rect, like: canvas)
            blend(UInt8.self, mode, color, rect, canvas, black, white, sourceAt: (rect.x, rect.y))
        }
    }

    /// Where `layer` lands when the compositor would copy its samples as they are: unturned, at
    /// full opacity, uncropped, at its own size, on an even pixel grid inside the canvas, with no
    /// alpha below its maximum. Drawing it over black and over white (`source`) would give its
    /// own samples back and an alpha of 1 everywhere, so the blend reads them directly; nil otherwise.
    static func exactPlace<S: PlaneSample>(_: S.Type, _ layer: Frame, _ p: LayerPlacement, _ canvas: Frame) -> PixelRect? {
        let (w, h) = (layer.width, layer.height)
        guard p.rotation == 0, p.turn == 0, p.opacity == 1, p.width == Double(w), p.height == Double(h), w % 2 == 0, h % 2 == 0 else { return nil }
        if let c = p.crop, c.x != 0 || c.y != 0 || c.width != Double(w) || c.height != Double(h) { return nil }
        let x = p.centerX - p.width / 2, y = p.centerY - p.height / 2
        guard x == x.rounded(), y == y.rounded(), x >= 0, y >= 0, let ix = Int(exactly: x), let iy = Int(exactly: y),
              ix % 2 == 0, iy % 2 == 0, ix + w <= canvas.width, iy + h <= canvas.height else { return nil }
        let format = layer.pixelFormat
        if format == AV_PIX_FMT_YUVA420P || format == AV_PIX_FMT_YUVA420P10LE {
            let alpha = PlaneView<S>(layer, plane: 3, x: 0, y: 0), top = S.clamped(S.maximum)
            for row in 0..<h where !UnsafeBufferPointer(start: alpha.row(row), count: w).allSatisfy({ $0 == top }) { return nil }
        } else if format != AV_PIX_FMT_YUV420P && format != AV_PIX_FMT_YUV420P10LE {
            return nil
        }
        guard SampleDepth(canvasFormat: format) == SampleDepth(canvasFormat: canvas.pixelFormat) else { return nil }
        return PixelRect(x: ix, y: iy, width: w, height: h)
    }

    /// The canvas rectangle (even origin and size, for 4:2:0) that the placed layer may touch:
    /// the box around its rotated corners; nil when that is off the canvas.
    static func reach(_ p: LayerPlacement, canvasWidth: Int, canvasHeight: Int) -> PixelRect? {
        let a = p.rotation * Double.pi / 180
        let halfW = (abs(p.width * cos(a)) + abs(p.height * sin(a))) / 2 + 2
        let halfH = (abs(p.width * sin(a)) + abs(p.height * cos(a))) / 2 + 2
        guard halfW.isFinite, halfH.isFinite else { return nil }
        let x0 = max(0, Int((p.centerX - halfW).rounded(.down)) & ~1), y0 = max(0, Int((p.centerY - halfH).rounded(.down)) & ~1)
        let x1 = min(canvasWidth, (Int((p.centerX + halfW).rounded(.up)) + 1) & ~1)
        let y1 = min(canvasHeight, (Int((p.centerY + halfH).rounded(.up)) + 1) & ~1)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func scratch(_ slot: inout Frame?, like canvas: Frame) throws -> Frame {
        if let f = slot, f.width == canvas.width, f.height == canvas.height, f.pixelFormat == canvas.pixelFormat { return f }
        let f = try Frame.video(width: canvas.width, height: canvas.height, format: canvas.pixelFormat)
        slot = f
        return f
    }

    /// The layer drawn over black and over white in two scratch canvases shaped like `canvas`, over
    /// `rect` (the rest of the scratch canvases is stale).
    func source<S: PlaneSample>(_: S.Type, _ layer: Frame, _ placement: LayerPlacement, _ rect: PixelRect,
                                like canvas: Frame) throws -> (black: Frame, white: Frame) {
        let black = try scratch(&overBlack, like: canvas), white = try scratch(&overWhite, like: canvas)
        let low = S(truncatingIfNeeded: 16 &<< S.shift), high = S(truncatingIfNeeded: 235 &<< S.shift)
        let neutral = S(truncatingIfNeeded: S.neutral)
        for (frame, luma) in [(black, low), (white, high)] {
            let y = PlaneView<S>(frame, plane: 0, x: rect.x, y: rect.y)
            PlaneOps.fill(y.base, stride: y.stride, width: rect.width, height: rect.height, value: luma)
            for p in 1...2 {
                let c = PlaneView<S>(frame, plane: p, x: rect.x / 2, y: rect.y / 2)
                PlaneOps.fill(c.base, stride: c.stride, width: rect.width / 2, height: rect.height / 2, value: neutral)
            }
            try compositor.draw(layer, placement, onto: frame)
        }
        return (black, white)
    }

    /// Blends the source over `rect` of the canvas: `black` holds the layer drawn over black and
    /// `white` over white (alpha from the two), or `white` is nil and `black` is the opaque layer's
    /// own picture; the source's samples for the rect start at `sourceAt` in them.
    private func blend<S: PlaneSample>(_: S.Type, _ mode: BlendMode, _ color: CanvasColor,
                                       _ rect: PixelRect, _ canvas: Frame, _ black: Frame, _ white: Frame?, sourceAt origin: (x: Int, y: Int)) {
        // One loop per mode, each with its formula inlined (a mode read per pixel cost a third of
        // the loop's time).
        func run(_ m: BlendMode) { blendLoop(S.self, m, color, rect, canvas, black, white, sourceAt: origin) }
        switch mode {
        case .normal: run(.normal)
        case .multiply: run(.multiply)
        case .screen: run(.screen)
        case .overlay: run(.overlay)
        case .darken: run(.darken)
        case .lighten: run(.lighten)
        case .colorDodge: run(.colorDodge)
        case .colorBurn: run(.colorBurn)
        case .hardLight: run(.hardLight)
        case .softLight: run(.softLight)
        case .difference: run(.difference)
        case .exclusion: run(.exclusion)
        case .hue: run(.hue)
        case .saturation: run(.saturation)
        case .color: run(.color)
        case .luminosity: run(.luminosity)
        }
    }

    @inline(__always)
    private func blendLoop<S: PlaneSample>(_: S.Type, _ mode: BlendMode, _ color: CanvasColor,
                                           _ rect: PixelRect, _ canvas: Frame, _ black: Frame, _ white: Frame?, sourceAt origin: (x: Int, y: Int)) {
        let matrix = YCbCrMatrix(color, depth: S.bits)
        let perLuma = 1 / matrix.lumaRange
        func view(_ f: Frame, _ p: Int) -> PlaneView<S> { PlaneView<S>(f, plane: p, x: p == 0 ? rect.x : rect.x / 2, y: p == 0 ? rect.y : rect.y / 2) }
        func sourceView(_ f: Frame, _ p: Int) -> PlaneView<S> {
            PlaneView<S>(f, plane: p, x: p == 0 ? origin.x : origin.x / 2, y: p == 0 ? origin.y : origin.y / 2)
        }
        let (cY, cCb, cCr) = (view(canvas, 0), view(canvas, 1), view(canvas, 2))
        let (bY, bCb, bCr) = (sourceView(black, 0), sourceView(black, 1), sourceView(black, 2))
        let opaque = white == nil
        let wY = sourceView(white ?? black, 0)
        // Results are clamped at 0 first, so rounding is adding a half and truncating (no libm call).
        func sample(_ v: Double) -> S { S.clamped(Int32(max(0, v) + 0.5)) }
        for by in 0..<(rect.height / 2) {
            let canvasCb = cCb.row(by), canvasCr = cCr.row(by), blackCb = bCb.row(by), blackCr = bCr.row(by)
            for bx in 0..<(rect.width / 2) {
                let (cbB, crB) = (Double(canvasCb[bx]), Double(canvasCr[bx])), (cb0, cr0) = (Double(blackCb[bx]), Double(blackCr[bx]))
                var sumCb = 0.0, sumCr = 0.0, changed = false
                for dy in 0..<2 {
                    let y = 2 * by + dy
                    let canvasRow = cY.row(y), blackRow = bY.row(y), whiteRow = wY.row(y)
                    for dx in 0..<2 {
                        let x = 2 * bx + dx
                        let y0 = Double(blackRow[x]), y1 = Double(whiteRow[x])
                        // Over white minus over black is 1 − αs in luma (both have neutral chroma).
                        let alpha = opaque ? 1 : max(0, min(1, 1 - (y1 - y0) * perLuma))
                        let backdrop = matrix.exactGrey(matrix.rgb(Double(canvasRow[x]), cbB, crB))
                        guard alpha > 0 else {
                            // A pixel the layer leaves uncovered keeps its samples (the round trip
                            // through R′G′B′ clamps out-of-gamut Y′CbCr); its chroma share is its own.
                            let out = matrix.ycbcr(backdrop)
                            sumCb += out.cb
                            sumCr += out.cr
                            continue
                        }
                        changed = true
                        // At alpha 1 the division gives the colour back: skipped.
                        let source = alpha == 1 ? matrix.exactGrey(matrix.rgb(y0, cb0, cr0)) : matrix.straight(matrix.rgb(y0, cb0, cr0), alpha: alpha)
                        let blended = BlendFormulas.blend(mode, backdrop, source)
                        let result = ((1 - alpha) * backdrop.r + alpha * blended.r, (1 - alpha) * backdrop.g + alpha * blended.g,
                                      (1 - alpha) * backdrop.b + alpha * blended.b)
                        let out = matrix.ycbcr(result)
                        canvasRow[x] = sample(out.y)
                        sumCb += out.cb
                        sumCr += out.cr
                    }
                }
                if changed {
                    canvasCb[bx] = sample(sumCb / 4)
                    canvasCr[bx] = sample(sumCr / 4)
                }
            }
        }
    }
}
