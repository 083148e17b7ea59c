import ReelSpec

extension RenderPlan {
    /// The output carries an alpha channel: its background is (partly) transparent and may show,
    /// which the planner allows only for outputs that can store alpha (ProRes 4444 and PNG).
    var keepsAlpha: Bool { background.alpha < 255 }

    /// The formats that store alpha: ProRes 4444 in `mov`, and PNG.
    static func canCarryAlpha(format: OutputFormat, video: VideoEncoding) -> Bool {
        format == .png || (format == .mov && video.codec == .prores && video.profile == "4444")
    }

    /// The background an output gets: the spec's, or transparent for ProRes 4444 when the spec names
    /// none (black otherwise); a translucent one is laid over black when the output cannot carry
    /// alpha, as a player would show it.
    static func background(_ spec: Color?, format: OutputFormat, video: VideoEncoding) -> Color {
        let alpha = canCarryAlpha(format: format, video: video)
        let colour = spec ?? (alpha && format != .png ? .clear : .black)
        return alpha ? colour : colour.over(.black)
    }

    /// True when some part of some frame may show the background: a colour card with alpha, an item
    /// drawn as a layer (keyframes, filters, motion, opacity, a picture with alpha), a `fit` item
    /// whose picture leaves bars, or a fade through a translucent colour. Overlays lie above the
    /// videos and reveal nothing. Conservative: a layer that happens to cover the frame counts.
    var mayShowBackground: Bool {
        video.contains { segment in
            guard segment.layer.isPlain else { return true }
            switch segment.source {
            case .color(let c):
                return c.alpha < 255
            case .clip, .still:
                guard segment.fit == .fit else { return false }
                guard let size = segment.sourceSize else { return true }
                let r = FitGeometry.fitted(displayWidth: Double(size.width), displayHeight: Double(size.height),
                                           outWidth: width, outHeight: height)
                return r.width < width || r.height < height
            }
        } || transitions.contains { $0.kind == .fade && $0.color.alpha < 255 }
    }

    /// Lays a translucent background over black when nothing can show it, so a ProRes 4444 render
    /// of opaque pictures carries no alpha channel (and costs one composite, not two).
    mutating func flattenUnseenBackground() {
        if background.alpha < 255 && !mayShowBackground { background = background.over(.black) }
    }

    /// The same render with its background laid over `base` (opaque): one of the two passes that
    /// `DifferenceMatte` takes the alpha channel from.
    func over(_ base: Color) -> RenderPlan {
        var p = self
        p.background = background.over(base)
        return p
    }
}
