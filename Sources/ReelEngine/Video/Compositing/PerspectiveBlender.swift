import Foundation

/// Blends a layer turned about its vertical axis and seen in perspective (a 3D `spin`), by inverse
/// mapping: each canvas sample is taken back through the in-plane rotation and the perspective
/// projection onto the layer's plane, read bilinearly from the premultiplied image, and blended with
/// the premultiplied "over" of `BlendKernels`. Taps outside the image count as transparent, so the
/// turned edges are antialiased by the same bilinear weights.
///
/// The camera looks at the layer's centre from `distance` pixels: a point `x` across the layer at
/// turn θ lands at `x·cosθ·d / (d + x·sinθ)`, and its height scales by `d / (d + x·sinθ)`, so the
/// edge turning towards the viewer grows and the far one shrinks. Used only while a layer turns
/// (a few frames), so it works in `Double` per pixel.
enum PerspectiveBlender {
    /// The camera's distance in multiples of the layer's larger side.
    static let distanceFactor = 2.0

    static func blend<S: PlaneSample>(_ image: LayerImage<S>, geometry g: LayerGeometry, turn degrees: Double, onto canvas: Frame) {
        let theta = degrees * .pi / 180
        let map = Mapping(g: g, cosT: cos(theta), sinT: sin(theta), distance: distanceFactor * max(g.width, g.height))
        guard let box = map.bounds(canvasWidth: canvas.width, canvasHeight: canvas.height) else { return }
        let opacity = Double(g.opacity) / 65536
        let alphaY = image.alpha, alphaC = image.chromaAlpha
        let yDst = PlaneView<S>(canvas, plane: 0)
        for py in box.y0..<box.y1 {
            let row = yDst.row(py)
            for px in box.x0..<box.x1 {
                guard let (sx, sy) = map.source(Double(px) + 0.5, Double(py) + 0.5, imageWidth: image.width, imageHeight: image.height)
                else { continue }
                let (p, a) = sample(image.y, alphaY, sx - 0.5, sy - 0.5, image.width, image.height, neutral: 0)
                guard a > 0 else { continue }
                let w = a * opacity
                row[px] = S.clamped(Int32((p * opacity + Double(row[px]) * (1 - w)).rounded()))
            }
        }
        let uDst = PlaneView<S>(canvas, plane: 1), vDst = PlaneView<S>(canvas, plane: 2)
        let neutral = Double(S.neutral)
        let cw = image.chromaWidth, ch = image.chromaHeight
        for cy in (box.y0 >> 1)..<((box.y1 + 1) >> 1) {
            let uRow = uDst.row(cy), vRow = vDst.row(cy)
            for cx in (box.x0 >> 1)..<((box.x1 + 1) >> 1) {
                guard let (sx, sy) = map.source(Double(2 * cx) + 1, Double(2 * cy) + 1, imageWidth: image.width, imageHeight: image.height)
                else { continue }
                let (pu, a) = sample(image.u, alphaC, sx / 2 - 0.5, sy / 2 - 0.5, cw, ch, neutral: neutral)
                guard a > 0 else { continue }
                let (pv, _) = sample(image.v, alphaC, sx / 2 - 0.5, sy / 2 - 0.5, cw, ch, neutral: neutral)
                let w = a * opacity
                // Chroma is premultiplied about neutral: C·a = P − n + n·a.
                uRow[cx] = S.clamped(Int32(((pu - neutral + neutral * a) * opacity + Double(uRow[cx]) * (1 - w)).rounded()))
                vRow[cx] = S.clamped(Int32(((pv - neutral + neutral * a) * opacity + Double(vRow[cx]) * (1 - w)).rounded()))
            }
        }
    }

    /// Bilinear premultiplied value and alpha (0–1) at (`x`, `y`) in a plane's samples; taps outside
    /// the plane are transparent (`neutral` premultiplied value, alpha 0). Without an alpha plane the
    /// image is opaque inside.
    private static func sample<S: PlaneSample>(_ p: PlaneView<S>, _ alpha: PlaneView<S>?, _ x: Double, _ y: Double, _ w: Int, _ h: Int,
                               neutral: Double) -> (Double, Double) {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        var value = 0.0, cover = 0.0
        @inline(__always) func tap(_ sx: Int, _ sy: Int, _ k: Double) {
            guard k > 0 else { return }
            guard sx >= 0, sy >= 0, sx < w, sy < h else {
                value += neutral * k
                return
            }
            value += Double(p.row(sy)[sx]) * k
            cover += (alpha.map { Double($0.row(sy)[sx]) / Double(S.maximum) } ?? 1) * k
        }
        tap(x0, y0, (1 - fx) * (1 - fy))
        tap(x0 + 1, y0, fx * (1 - fy))
        tap(x0, y0 + 1, (1 - fx) * fy)
        tap(x0 + 1, y0 + 1, fx * fy)
        return (value, cover)
    }

    /// Canvas point → layer image point, through the in-plane rotation and the projection.
    private struct Mapping {
        let g: LayerGeometry
        let cosT: Double, sinT: Double, distance: Double

        /// The image point (in image pixels, continuous) seen at canvas point (`x`, `y`); nil when
        /// the ray misses the layer's plane in front of the camera or lands outside the image's
        /// one-pixel fringe.
        func source(_ x: Double, _ y: Double, imageWidth: Int, imageHeight: Int) -> (Double, Double)? {
            let dx = x - g.centerX, dy = y - g.centerY
            let a = dx * g.cos + dy * g.sin, b = -dx * g.sin + dy * g.cos
            let denominator = cosT * distance - a * sinT
            guard denominator > 1e-9 else { return nil }
            let lx = a * distance / denominator
            let ly = b * (distance + lx * sinT) / distance
            let sx = (lx + g.width / 2) * Double(imageWidth) / g.width
            let sy = (ly + g.height / 2) * Double(imageHeight) / g.height
            guard sx > -1, sy > -1, sx < Double(imageWidth) + 1, sy < Double(imageHeight) + 1 else { return nil }
            return (sx, sy)
        }

        /// The canvas pixels the turned layer may cover (its projected corners, plus a pixel).
        func bounds(canvasWidth: Int, canvasHeight: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
            var xs: [Double] = [], ys: [Double] = []
            for lx in [-g.width / 2 - 1, g.width / 2 + 1] {
                let z = lx * sinT
                guard distance + z > 1e-9 else { return nil }
                let s = distance / (distance + z)
                for ly in [-g.height / 2 - 1, g.height / 2 + 1] {
                    let u = lx * cosT * s, v = ly * s
                    xs.append(g.centerX + u * g.cos - v * g.sin)
                    ys.append(g.centerY + u * g.sin + v * g.cos)
                }
            }
            let x0 = max(0, Int(xs.min()!.rounded(.down)) - 1), x1 = min(canvasWidth, Int(xs.max()!.rounded(.up)) + 1)
            let y0 = max(0, Int(ys.min()!.rounded(.down)) - 1), y1 = min(canvasHeight, Int(ys.max()!.rounded(.up)) + 1)
            return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
        }
    }
}
