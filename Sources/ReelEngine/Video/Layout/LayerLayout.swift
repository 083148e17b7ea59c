import Foundation
import ReelSpec

/// Turns a layer's plan and the time into where its picture is drawn: the crop of the (upright)
/// source, its centre and size in output pixels, rotation and opacity.
///
/// The base place is the item's fit into the frame (video items) or the overlay's frame/position;
/// keyframes then move (x, y as the centre in frame fractions), scale, rotate, crop and fade it;
/// Ken Burns motion and overlay animations act on top of the keyframed values.
struct LayerLayout {
    let frameWidth: Double
    let frameHeight: Double
    private let frameSize: (width: Int, height: Int)

    init(frameWidth: Int, frameHeight: Int) {
        frameSize = (frameWidth, frameHeight)
        self.frameWidth = Double(frameWidth)
        self.frameHeight = Double(frameHeight)
    }

    /// How the base place is found.
    enum Base {
        /// A video item's fit into the frame, by the same rule as a plain item (`FitGeometry`), so
        /// that adding a keyframe never moves the picture.
        case fit(FitMode)
        case overlay(OverlayPlan.Placement)
    }

    /// Where the layer lands at `t` into the item; `duration` is the item's length (for motion and
    /// animations). The source is `sw`×`sh` upright pixels.
    func placement(sourceWidth sw: Double, sourceHeight sh: Double, base: Base, layer: LayerPlan, at t: Time,
                   duration: Time) -> LayerPlacement {
        let state = KeyframeTrack(layer.keyframes).state(at: t, frameWidth: frameWidth, frameHeight: frameHeight)
        let c = state.crop ?? FractionRect(x: 0, y: 0, width: 1, height: 1)
        let crop = (x: c.x * sw, y: c.y * sh, width: max(1, c.width * sw), height: max(1, (c.height ?? (1 - c.y)) * sh))
        var d = LayerPlacement(centerX: 0, centerY: 0, width: 0, height: 0, crop: crop)
        let (W, H) = (frameWidth, frameHeight)
        switch base {
        case .fit(let mode):
            let place = FitGeometry.placement(displayWidth: crop.width, displayHeight: crop.height,
                                              outWidth: frameSize.width, outHeight: frameSize.height, fit: mode)
            (d.centerX, d.centerY, d.width, d.height) = (place.centerX, place.centerY, place.width, place.height)
        case .overlay(.frame(let r)):
            d.width = r.width.pixels(along: .horizontal, width: W, height: H)
            d.height = r.height.map { $0.pixels(along: .vertical, width: W, height: H) } ?? d.width * crop.height / crop.width
            (d.centerX, d.centerY) = (r.x.pixels(along: .horizontal, width: W, height: H), r.y.pixels(along: .vertical, width: W, height: H))
        case .overlay(.position(let p)):
            (d.width, d.height) = (crop.width, crop.height)
            (d.centerX, d.centerY) = (p.x.pixels(along: .horizontal, width: W, height: H), p.y.pixels(along: .vertical, width: W, height: H))
        case .overlay(.natural):
            let s = min(1, min(W / crop.width, H / crop.height))
            (d.width, d.height) = (crop.width * s, crop.height * s)
            (d.centerX, d.centerY) = (W / 2, H / 2)
        }
        if let x = state.x { d.centerX = x * W }
        if let y = state.y { d.centerY = y * H }
        d.width *= state.scale
        d.height *= state.scale
        d.rotation = state.rotation
        d.opacity = state.opacity * layer.opacity
        let u = fraction(t, duration)
        if let m = layer.motion { applyMotion(m, u, &d) }
        for a in layer.animations { applyAnimation(a, t, duration, &d) }
        d.opacity = max(0, min(1, d.opacity))
        return d
    }

    /// Ken Burns: a slow 15 % zoom, or a pan across a 15 % enlargement (the picture travels in the
    /// named direction, as transitions' directions do).
    private func applyMotion(_ m: VideoItem.Motion, _ u: Double, _ d: inout LayerPlacement) {
        let zoom = 0.15
        switch m {
        case .zoomIn: d.width *= 1 + zoom * u; d.height *= 1 + zoom * u
        case .zoomOut: d.width *= 1 + zoom * (1 - u); d.height *= 1 + zoom * (1 - u)
        case .panLeft, .panRight:
            d.width *= 1 + zoom
            d.height *= 1 + zoom
            let travel = d.width * zoom / (1 + zoom) / 2
            d.centerX += (m == .panLeft ? 1 - 2 * u : 2 * u - 1) * travel
        }
    }

    private func applyAnimation(_ a: Animation, _ t: Time, _ total: Time, _ d: inout LayerPlacement) {
        let D = seconds(total), tt = seconds(t)
        let len = a.duration.map(seconds) ?? 0.2 * D
        guard len > 0 else { return }
        let inU = min(1, max(0, tt / len))
        switch a.kind {
        case .fade:
            d.opacity *= min(inU, min(1, max(0, (D - tt) / len)))
        case .pop:
            if inU < 1 {
                let s = 1 + 0.3 * sin(Double.pi * inU)
                d.width *= s
                d.height *= s
            }
        case .spin:
            // A 3D turn about the vertical axis from edge-on (90°) to facing, drawn in perspective.
            if inU < 1 { d.turn += (1 - Easing.apply(.easeOut, inU)) * 90 }
        case .typewriter:
            return  // a reveal of characters, drawn by the text's producer
        case .slideIn:
            guard inU < 1 else { return }
            let away = 1 - Easing.apply(.easeOut, inU)
            switch a.direction ?? .left {
            case .left: d.centerX += away * (frameWidth - d.centerX + d.width / 2)
            case .right: d.centerX -= away * (d.centerX + d.width / 2)
            case .up: d.centerY += away * (frameHeight - d.centerY + d.height / 2)
            case .down: d.centerY -= away * (d.centerY + d.height / 2)
            }
        }
    }

    private func seconds(_ t: Time) -> Double { Double(t.value) / Double(t.timescale) }
    private func fraction(_ t: Time, _ total: Time) -> Double { total.isPositive ? min(1, max(0, seconds(t) / seconds(total))) : 0 }
}
