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

    /// How the base place is found.
    enum Base {
        case fit(FitMode)
        case overlay(OverlayPlan.Placement)
    }

    struct Draw: Equatable {
        var cropX = 0.0, cropY = 0.0, cropWidth = 0.0, cropHeight = 0.0
        var centerX = 0.0, centerY = 0.0
        var width = 0.0, height = 0.0
        var rotation = 0.0
        var opacity = 1.0
    }

    /// `t` is the time into the item; `duration` the item's length (for motion and animations).
    func draw(sourceWidth sw: Double, sourceHeight sh: Double, base: Base, layer: LayerPlan, at t: Time, duration: Time) -> Draw {
        let state = KeyframeTrack(layer.keyframes).state(at: t)
        var d = Draw()
        let crop = state.crop ?? FractionRect(x: 0, y: 0, width: 1, height: 1)
        d.cropX = crop.x * sw
        d.cropY = crop.y * sh
        d.cropWidth = max(1, crop.width * sw)
        d.cropHeight = max(1, (crop.height ?? (1 - crop.y)) * sh)
        let (W, H) = (frameWidth, frameHeight)
        switch base {
        case .fit(let mode):
            switch mode {
            case .stretch: (d.width, d.height) = (W, H)
            case .fit, .fill:
                let s = mode == .fit ? min(W / d.cropWidth, H / d.cropHeight) : max(W / d.cropWidth, H / d.cropHeight)
                (d.width, d.height) = (d.cropWidth * s, d.cropHeight * s)
            }
            (d.centerX, d.centerY) = (W / 2, H / 2)
        case .overlay(.frame(let r)):
            d.width = r.width * W
            d.height = r.height.map { $0 * H } ?? d.width * d.cropHeight / d.cropWidth
            (d.centerX, d.centerY) = (r.x * W, r.y * H)
        case .overlay(.position(let x, let y)):
            (d.width, d.height) = (d.cropWidth, d.cropHeight)
            (d.centerX, d.centerY) = (x * W, y * H)
        case .overlay(.natural):
            let s = min(1, min(W / d.cropWidth, H / d.cropHeight))
            (d.width, d.height) = (d.cropWidth * s, d.cropHeight * s)
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
        return d
    }

    /// Ken Burns: a slow 15 % zoom, or a pan across a 15 % enlargement (the picture travels in the
    /// named direction, as transitions' directions do).
    private func applyMotion(_ m: VideoItem.Motion, _ u: Double, _ d: inout Draw) {
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

    private func applyAnimation(_ a: Animation, _ t: Time, _ total: Time, _ d: inout Draw) {
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
            // A turn about the vertical axis from edge-on to facing: the width opens like a door.
            if inU < 1 { d.width *= max(0.001, cos((1 - Easing.apply(.easeOut, inU)) * Double.pi / 2)) }
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
