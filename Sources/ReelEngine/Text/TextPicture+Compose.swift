import CFFmpeg
import ReelSpec

extension TextPicture {
    /// One state's layer: box, then shadow, then stroke, then fill, composed "over" with
    /// premultiplied colour, and written as straight-alpha YUVA 4:2:0 (`PremultipliedPlanes`).
    func compose(_ state: StateKey, highlightColor: Color) throws -> Frame {
        let n = width * height
        var fill = [Float](repeating: 0, count: n), lit = [Float](repeating: 0, count: n), stroke = [Float](repeating: 0, count: n)
        for g in visibleGlyphs(state.revealed) {
            let into = state.highlight?.contains(g.character) == true ? 1 : 0
            if into == 1 { blit(g.masks.fill, g.x, g.y, &lit) } else { blit(g.masks.fill, g.x, g.y, &fill) }
            if let s = g.masks.stroke { blit(s, g.x, g.y, &stroke) }
        }
        let shadow = shadowCoverage(state.revealed, fill: fill, lit: lit, stroke: stroke)
        let boxCover = boxCoverage()
        var planes = PremultipliedPlanes(width: width, height: height)
        let textColor = Premultiplied(style.color), litColor = Premultiplied(highlightColor)
        let strokeColor = style.stroke.map { Premultiplied($0.color) }
        let shadowColor = style.shadow.map { Premultiplied($0.color) }, boxColor = style.box.map { Premultiplied($0.color) }
        for i in 0..<n {
            var p = Premultiplied.clear
            if let boxColor, let boxCover { p = boxColor.scaled(boxCover[i]).over(p) }
            if let shadowColor, let shadow { p = shadowColor.scaled(Float(shadow[i]) / 255).over(p) }
            planes[i] = TextPicture.text(fill: fill[i], lit: lit[i], stroke: stroke[i], color: textColor, litColor: litColor,
                                         strokeColor: strokeColor).over(p)
        }
        return try planes.frame(matrix: matrix)
    }

    /// A pixel of the text itself: the fill and the highlight side by side (where a lit glyph
    /// overlaps an unlit one their coverages share the pixel, never more than all of it), the stroke
    /// where neither covers.
    static func text(fill: Float, lit: Float, stroke: Float, color: Premultiplied, litColor: Premultiplied,
                     strokeColor: Premultiplied?) -> Premultiplied {
        let sum = fill + lit
        let share: Float = sum > 1 ? 1 / sum : 1
        var text = color.scaled(fill * share).plus(litColor.scaled(lit * share))
        if let strokeColor { text = text.plus(strokeColor.scaled(max(0, stroke - min(1, sum)))) }
        return text
    }

    /// The shadow for `revealed` characters: it depends on which glyphs show, not on the highlight,
    /// so it is blurred once per reveal state.
    private func shadowCoverage(_ revealed: Int, fill: [Float], lit: [Float], stroke: [Float]) -> [UInt8]? {
        if let c = shadowCache, c.revealed == revealed { return c.plane }
        let plane = shadowPlane(fill: fill, lit: lit, stroke: stroke)
        shadowCache = plane.map { (revealed, $0) }
        return plane
    }

    /// Coverage added into `plane` where it is larger (overlapping glyphs do not darken).
    private func blit(_ m: GlyphMask, _ px: Int, _ py: Int, _ plane: inout [Float]) {
        let x0 = px + m.left, y0 = py - m.top
        for r in 0..<m.height {
            let y = y0 + r
            guard y >= 0, y < height else { continue }
            for c in 0..<m.width {
                let x = x0 + c
                guard x >= 0, x < width else { continue }
                let v = Float(m.pixels[r * m.width + c]) / 255
                if v > plane[y * width + x] { plane[y * width + x] = v }
            }
        }
    }

    /// The shadow's coverage (0–255): the text's outer shape moved by the offset and blurred.
    private func shadowPlane(fill: [Float], lit: [Float], stroke: [Float]) -> [UInt8]? {
        guard style.shadow != nil else { return nil }
        var plane = [UInt8](repeating: 0, count: width * height)
        let (sx, sy) = shadowShift
        for y in 0..<height {
            let from = y - sy
            guard from >= 0, from < height else { continue }
            for x in 0..<width {
                let fx = x - sx
                guard fx >= 0, fx < width else { continue }
                let i = from * width + fx
                plane[y * width + x] = YUVColor.clamp(Double(max(fill[i], lit[i], stroke[i])) * 255)
            }
        }
        if blurRadius > 0 {
            plane.withUnsafeMutableBufferPointer { p in
                BoxBlur(radius: blurRadius).apply(to: PlaneView(base: p.baseAddress!, stride: width), width: width, height: height)
            }
        }
        return plane
    }

    /// The box's coverage: a rounded rectangle, its edges antialiased by their distance to each
    /// pixel's centre. The same for every state of the block, so computed once.
    private func boxCoverage() -> [Float]? {
        if let boxCache { return boxCache }
        guard let b = boxRect, let box = style.box else { return nil }
        let radius = min(box.radius, b.width / 2, b.height / 2)
        let cx = b.x + b.width / 2, cy = b.y + b.height / 2
        let hx = b.width / 2 - radius, hy = b.height / 2 - radius
        var out = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = abs(Double(x) + 0.5 - cx) - hx, dy = abs(Double(y) + 0.5 - cy) - hy
                let outside = (max(dx, 0) * max(dx, 0) + max(dy, 0) * max(dy, 0)).squareRoot() + min(max(dx, dy), 0) - radius
                out[y * width + x] = Float(min(1, max(0, 0.5 - outside)))
            }
        }
        boxCache = out
        return out
    }
}
