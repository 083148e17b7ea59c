extension RenderPlan {
    /// Whether nothing on the canvas is measured in output pixels: no overlays (titles, shapes,
    /// strokes and blurs are sized in pixels), and every video item is its fitted picture (no layer,
    /// no blur bars, whose radius is in pixels) under transitions (which move by fractions of the
    /// frame). Drawn at another size, such a timeline is the same picture at that resolution.
    var isScaleFree: Bool {
        overlays.isEmpty && video.allSatisfy { $0.layer.isPlain && $0.fit != .blur }
    }

    /// The plan that draws an HLS `rendition`'s pictures at the rendition's own size, or nil where
    /// they are the output's canvas scaled by the rendition's encoder: a rendition of the canvas's
    /// size, or a timeline measured in pixels (`isScaleFree`), whose design is the output's size.
    /// Drawn at its size, a rendition of sources smaller than the output keeps their sharpness
    /// (scaling up to the canvas and back down is a low-pass: 720p sources in a 1080p ladder measure
    /// 33.5 dB against themselves), and its pictures are an MP4 of that size's (`PictureKey`), so a
    /// render of many outputs encodes the two once. The canvas keeps the output's colour
    /// (`colorHeight`), as every rendition is tagged with it.
    func renditionCanvas(_ rendition: HLSPlan.Rendition) -> RenderPlan? {
        guard rendition.width != width || rendition.height != height, isScaleFree else { return nil }
        var canvas = self
        canvas.width = rendition.width
        canvas.height = rendition.height
        canvas.colorHeight = colorHeight ?? height
        canvas.draftSize = nil
        canvas.hls?.renditions = [rendition]
        return canvas
    }
}
