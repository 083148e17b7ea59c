import ReelSpec

extension BlendModeCompositor {
    /// Draws a layer with a blend mode onto a group's canvas, which is transparent where nothing is
    /// drawn yet: the canvas is held as two plates, its render over black (premultiplied colour
    /// `αb·Cb`) and over white (`αb·Cb + (1 − αb)`), as `GroupProducer` keeps it.
    ///
    /// W3C Compositing and Blending Level 1 §5.8 with a backdrop alpha: the source's colour becomes
    /// `Cs′ = (1 − αb)·Cs + αb·B(Cb, Cs)` (where nothing is beneath it keeps its own colour) and is
    /// composited source-over: `co = αs·Cs′ + (1 − αs)·αb·Cb`, `αo = αs + αb·(1 − αs)`. The result
    /// goes back as two plates again (`co`, and `co + (1 − αo)`), so the group's matte is pulled as
    /// for any other item. Chroma is handled per 2×2 block as on an opaque canvas.
    func draw(_ layer: Frame, _ placement: LayerPlacement, mode: BlendMode, color: CanvasColor, ontoBlack black: Frame, white: Frame) throws {
        guard mode != .normal else {
            try compositor.draw(layer, placement, onto: black)
            return try compositor.draw(layer, placement, onto: white)
        }
        guard let rect = Self.reach(placement, canvasWidth: black.width, canvasHeight: black.height) else { return }
        try black.makeWritable()
        try white.makeWritable()
        if SampleDepth(canvasFormat: black.pixelFormat) == .ten {
            let source = try source(UInt16.self, layer, placement, rect, like: black)
            blend(UInt16.self, mode, color, rect, plates: (black, white), source: source)
        } else {
            let source = try source(UInt8.self, layer, placement, rect, like: black)
            blend(UInt8.self, mode, color, rect, plates: (black, white), source: source)
        }
    }

    private func blend<S: PlaneSample>(_: S.Type, _ mode: BlendMode, _ color: CanvasColor, _ rect: PixelRect,
                                       plates: (black: Frame, white: Frame), source: (black: Frame, white: Frame)) {
        let matrix = YCbCrMatrix(color, depth: S.bits)
        let perLuma = 1 / matrix.lumaRange
        func view(_ f: Frame, _ p: Int) -> PlaneView<S> { PlaneView<S>(f, plane: p, x: p == 0 ? rect.x : rect.x / 2, y: p == 0 ? rect.y : rect.y / 2) }
        let (kY, kCb, kCr, wY, wCb, wCr) = (view(plates.black, 0), view(plates.black, 1), view(plates.black, 2),
                                             view(plates.white, 0), view(plates.white, 1), view(plates.white, 2))
        let (sY, sCb, sCr, tY) = (view(source.black, 0), view(source.black, 1), view(source.black, 2), view(source.white, 0))
        func sample(_ v: Double) -> S { S.clamped(Int32(max(0, v) + 0.5)) }
        for by in 0..<(rect.height / 2) {
            let plateCb = kCb.row(by), plateCr = kCr.row(by), whiteCb = wCb.row(by), whiteCr = wCr.row(by)
            let sourceCb = sCb.row(by), sourceCr = sCr.row(by)
            for bx in 0..<(rect.width / 2) {
                let (cbK, crK) = (Double(plateCb[bx]), Double(plateCr[bx])), (cb0, cr0) = (Double(sourceCb[bx]), Double(sourceCr[bx]))
                var sumCb = 0.0, sumCr = 0.0, changed = false
                for dy in 0..<2 {
                    let y = 2 * by + dy
                    let blackRow = kY.row(y), whiteRow = wY.row(y), sourceRow = sY.row(y), overWhiteRow = tY.row(y)
                    for dx in 0..<2 {
                        let x = 2 * bx + dx
                        let y0 = Double(sourceRow[x]), y1 = Double(overWhiteRow[x])
                        let alpha = max(0, min(1, 1 - (y1 - y0) * perLuma))
                        guard alpha > 0 else {
                            sumCb += cbK
                            sumCr += crK
                            continue
                        }
                        changed = true
                        let backdropAlpha = max(0, min(1, 1 - (Double(whiteRow[x]) - Double(blackRow[x])) * perLuma))
                        let premultipliedBackdrop = matrix.rgb(Double(blackRow[x]), cbK, crK)
                        let src = matrix.straight(matrix.rgb(y0, cb0, cr0), alpha: alpha)
                        var mixed = src
                        if backdropAlpha > 0 {
                            let blended = BlendFormulas.blend(mode, matrix.straight(premultipliedBackdrop, alpha: backdropAlpha), src)
                            mixed = ((1 - backdropAlpha) * src.r + backdropAlpha * blended.r, (1 - backdropAlpha) * src.g + backdropAlpha * blended.g,
                                     (1 - backdropAlpha) * src.b + backdropAlpha * blended.b)
                        }
                        let co = (alpha * mixed.r + (1 - alpha) * premultipliedBackdrop.r, alpha * mixed.g + (1 - alpha) * premultipliedBackdrop.g,
                                  alpha * mixed.b + (1 - alpha) * premultipliedBackdrop.b)
                        let coverage = alpha + backdropAlpha * (1 - alpha)
                        let out = matrix.ycbcr(co)
                        blackRow[x] = sample(out.y)
                        whiteRow[x] = sample(out.y + (1 - coverage) * matrix.lumaRange)
                        sumCb += out.cb
                        sumCr += out.cr
                    }
                }
                if changed {
                    plateCb[bx] = sample(sumCb / 4)
                    plateCr[bx] = sample(sumCr / 4)
                    whiteCb[bx] = plateCb[bx]
                    whiteCr[bx] = plateCr[bx]
                }
            }
        }
    }
}
