import ReelSpec

/// Where a source picture goes in the output frame: which part of the stored picture is used
/// (`source`, in stored pixels) and where it lands (`destination`, in output pixels, upright).
///
/// Origins and destinations are aligned to 2 pixels so 4:2:0 chroma planes stay on whole samples;
/// a picture used whole is read at its own size, odd or 1 pixel wide or high.
struct FitGeometry: Equatable, Sendable {
    var source: PixelRect
    var destination: PixelRect

    /// Computes the placement of a stored `width`×`height` picture with sample aspect `sar`,
    /// turned `rotation` degrees clockwise, into an `outWidth`×`outHeight` frame.
    static func compute(width: Int, height: Int, sar: Rational, rotation: Int,
                               outWidth: Int, outHeight: Int, fit: FitMode) -> FitGeometry {
        let quarter = rotation % 180 == 90
        // Displayed size in display units (sample aspect applied, then rotation).
        let storedDisplayW = Double(width) * sar.approximateValue
        let dispW = quarter ? Double(height) : storedDisplayW
        let dispH = quarter ? storedDisplayW : Double(height)
        // The whole stored picture, odd sizes included: swscale reads the half chroma sample at an
        // odd edge (`ColorConverter` trims it for zimg), and rounding down to even would leave
        // nothing of a picture 1 pixel wide or high.
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        let frame = PixelRect(x: 0, y: 0, width: outWidth, height: outHeight)
        switch fit {
        case .stretch:
            return FitGeometry(source: full, destination: frame)
        case .fit, .blur:
            return FitGeometry(source: full, destination: fitted(displayWidth: dispW, displayHeight: dispH,
                                                                 outWidth: outWidth, outHeight: outHeight))
        case .fill:
            let s = scale(displayWidth: dispW, displayHeight: dispH, outWidth: outWidth, outHeight: outHeight, fit: .fill)
            // The visible part in display units, turned back into stored pixels.
            let visW = Double(outWidth) / s, visH = Double(outHeight) / s
            let storedVisW = (quarter ? visH : visW) / sar.approximateValue
            let storedVisH = quarter ? visW : visH
            let cw = min(full.width, max(2, even(storedVisW)))
            let ch = min(full.height, max(2, even(storedVisH)))
            let src = PixelRect(x: evenDown(Double(full.width - cw) / 2), y: evenDown(Double(full.height - ch) / 2), width: cw, height: ch)
            return FitGeometry(source: src, destination: frame)
        }
    }

    /// Where a picture of `displayWidth`×`displayHeight` display pixels lands in an
    /// `outWidth`×`outHeight` frame: the size it is drawn at and its centre, in output pixels. This
    /// is the engine's one fit rule: plain items (`compute`) and items drawn as layers
    /// (`LayerLayout`) both place their pictures by it, so adding a keyframe never moves a picture.
    /// `fit` and `stretch` land on the same pixels; a `fill` layer is drawn whole at the exact scale
    /// and clipped by the frame, where the plain path crops the stored picture to even pixels first,
    /// so the two may differ by under a pixel of scale (the layer must stay whole, since a keyframe
    /// may shrink it and show what the frame had cut off).
    static func placement(displayWidth: Double, displayHeight: Double, outWidth: Int, outHeight: Int,
                          fit: FitMode) -> (centerX: Double, centerY: Double, width: Double, height: Double) {
        let (W, H) = (Double(outWidth), Double(outHeight))
        switch fit {
        case .stretch:
            return (W / 2, H / 2, W, H)
        case .fit, .blur:
            let r = fitted(displayWidth: displayWidth, displayHeight: displayHeight, outWidth: outWidth, outHeight: outHeight)
            return (Double(r.x) + Double(r.width) / 2, Double(r.y) + Double(r.height) / 2, Double(r.width), Double(r.height))
        case .fill:
            let s = scale(displayWidth: displayWidth, displayHeight: displayHeight, outWidth: outWidth, outHeight: outHeight, fit: .fill)
            return (W / 2, H / 2, displayWidth * s, displayHeight * s)
        }
    }

    /// Output pixels per display pixel: the largest that shows all of the picture (`fit`), or the
    /// smallest that covers the frame (`fill`).
    static func scale(displayWidth: Double, displayHeight: Double, outWidth: Int, outHeight: Int, fit: FitMode) -> Double {
        let sx = Double(outWidth) / displayWidth, sy = Double(outHeight) / displayHeight
        return fit == .fill ? max(sx, sy) : min(sx, sy)
    }

    /// The letterboxed rectangle of `fit`: whole, even sizes and an even origin, centred.
    static func fitted(displayWidth: Double, displayHeight: Double, outWidth: Int, outHeight: Int) -> PixelRect {
        let s = scale(displayWidth: displayWidth, displayHeight: displayHeight, outWidth: outWidth, outHeight: outHeight, fit: .fit)
        let w = min(outWidth, max(2, even(displayWidth * s)))
        let h = min(outHeight, max(2, even(displayHeight * s)))
        return PixelRect(x: evenDown(Double(outWidth - w) / 2), y: evenDown(Double(outHeight - h) / 2), width: w, height: h)
    }

    /// True when the picture covers the whole frame, so no background needs painting.
    func coversFrame(width: Int, height: Int) -> Bool {
        destination == PixelRect(x: 0, y: 0, width: width, height: height)
    }

    static func even(_ v: Double) -> Int { Int((v / 2).rounded()) * 2 }
    static func even(_ v: Int) -> Int { v & ~1 }
    static func evenDown(_ v: Double) -> Int { Int((v / 2).rounded(.down)) * 2 }
}
