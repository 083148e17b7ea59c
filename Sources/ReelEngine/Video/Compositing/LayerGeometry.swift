import Foundation

/// A `LayerPlacement` resolved against one canvas and one source: rotation normalised, opacity in
/// 16.16 fixed point, the crop in whole source pixels and the canvas pixels the layer may touch.
///
/// All `Double` work of a draw happens here, once per call; the blend loops get integers.
struct LayerGeometry {
    let centerX: Double, centerY: Double
    let width: Double, height: Double
    /// Rotation in [0, 360) degrees, clockwise.
    let degrees: Double
    let cos: Double, sin: Double
    /// Opacity × 65536 (1…65536).
    let opacity: Int32
    /// Source pixels used: even origin, at least 1×1, inside the source.
    let crop: PixelRect
    /// Canvas pixels the layer (and its anti-aliased fringe) may touch, clipped to the canvas; never empty.
    let visible: PixelRect

    /// Unrotated: the layer's edges are parallel to the canvas's, so the 1:1 blend applies.
    var isAxisAligned: Bool { degrees == 0 }
    /// The layer's true edges in canvas pixels (before rotation).
    var left: Double { centerX - width / 2 }
    var right: Double { centerX + width / 2 }
    var top: Double { centerY - height / 2 }
    var bottom: Double { centerY + height / 2 }

    /// Nil when there is nothing to draw: zero opacity, an empty or non-finite size, an empty crop, or a
    /// layer wholly outside the canvas.
    init?(_ p: LayerPlacement, sourceWidth: Int, sourceHeight: Int, canvasWidth: Int, canvasHeight: Int) {
        guard [p.centerX, p.centerY, p.width, p.height, p.rotation, p.opacity].allSatisfy(\.isFinite),
              p.width > 0, p.height > 0, canvasWidth > 0, canvasHeight > 0 else { return nil }
        let op = Int32((min(1, max(0, p.opacity)) * 65536).rounded())
        guard op > 0, let crop = LayerGeometry.crop(p.crop, sourceWidth: sourceWidth, sourceHeight: sourceHeight)
        else { return nil }
        var deg = p.rotation.truncatingRemainder(dividingBy: 360)
        if deg < 0 { deg += 360 }
        if deg < 1e-9 || deg > 360 - 1e-9 { deg = 0 }
        let rad = deg * .pi / 180
        // Exact values at quarter turns keep 90°/180°/270° free of rounding drift.
        let c = deg == 0 ? 1 : deg == 90 || deg == 270 ? 0 : deg == 180 ? -1 : Foundation.cos(rad)
        let s = deg == 0 || deg == 180 ? 0 : deg == 90 ? 1 : deg == 270 ? -1 : Foundation.sin(rad)
        // Half extents of the turned rectangle, plus the anti-aliasing fringe when turned.
        let fringe = deg == 0 ? 0 : 1.0
        let ex = (abs(c) * p.width + abs(s) * p.height) / 2 + fringe
        let ey = (abs(s) * p.width + abs(c) * p.height) / 2 + fringe
        func span(_ lo: Double, _ hi: Double, _ limit: Int) -> (Int, Int) {
            (Int(max(0, min(Double(limit), lo.rounded(.down)))), Int(max(0, min(Double(limit), hi.rounded(.up)))))
        }
        let (xa, xb) = span(p.centerX - ex, p.centerX + ex, canvasWidth)
        let (ya, yb) = span(p.centerY - ey, p.centerY + ey, canvasHeight)
        guard xa < xb, ya < yb else { return nil }
        centerX = p.centerX
        centerY = p.centerY
        width = p.width
        height = p.height
        degrees = deg
        cos = c
        sin = s
        opacity = op
        self.crop = crop
        visible = PixelRect(x: xa, y: ya, width: xb - xa, height: yb - ya)
    }

    /// The crop in whole source pixels: origin to the nearest even pixel, size rounded, clipped to the
    /// source; nil when nothing of the source is left.
    static func crop(_ c: (x: Double, y: Double, width: Double, height: Double)?, sourceWidth: Int,
                     sourceHeight: Int) -> PixelRect? {
        guard sourceWidth > 0, sourceHeight > 0 else { return nil }
        guard let c else { return PixelRect(x: 0, y: 0, width: sourceWidth, height: sourceHeight) }
        guard [c.x, c.y, c.width, c.height].allSatisfy(\.isFinite) else { return nil }
        // The origin snaps to an even pixel; the length is kept (so a crop ramp keeps a steady scale).
        func axis(_ origin: Double, _ length: Double, _ size: Int) -> (Int, Int)? {
            let start = Int(max(0, min(Double(size - 1), (origin / 2).rounded() * 2))) & ~1
            let count = Int(max(0, min(Double(size - start), length.rounded())))
            return count > 0 ? (start, count) : nil
        }
        guard let (x, w) = axis(c.x, c.width, sourceWidth), let (y, h) = axis(c.y, c.height, sourceHeight)
        else { return nil }
        return PixelRect(x: x, y: y, width: w, height: h)
    }
}
