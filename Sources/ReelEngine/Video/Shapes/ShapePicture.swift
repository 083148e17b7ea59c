import ReelSpec

/// A shape drawn once as a layer: the fill's and the stroke's exact coverage times their paints,
/// the stroke over the fill, on the grid `raster` (canvas pixels, even-aligned so the layer lands
/// on the canvas's pixels and its 4:2:0 chroma sites without resampling).
struct ShapePicture: Sendable {
    let outline: ShapeOutline
    let fill: Paint?
    let stroke: ShapeStroke?
    let raster: PixelRect

    init(_ spec: ShapeSpec, outline: ShapeOutline, raster: PixelRect) {
        self.outline = outline
        fill = spec.geometry.hasArea ? spec.fill : nil
        stroke = spec.stroke
        self.raster = raster
    }

    /// Why a shape has no grid to be drawn on.
    enum GridRefusal: Error, Equatable {
        /// A shape that never moves lies wholly outside the frame and the room around it.
        case outside
        /// A shape that moves is drawn whole, and this one would take more than `limit` pixels.
        case tooLarge(width: Int, height: Int, limit: Int)
    }

    /// The grid that holds the shape and its stroke. A layer that stays where it is (`moving`
    /// false) is cut to the canvas and a quarter of its width and height around it (room for a blur
    /// or a shadow reaching in): nothing cut away is ever seen. A layer that keyframes or animations
    /// move, scale or turn is drawn whole, since any part of it may come into view and the layer
    /// turns about its grid's centre, which a cut would move; its memory is bounded by refusing a
    /// grid larger than `movingAreaLimit` frames.
    static func grid(_ spec: ShapeSpec, outline: ShapeOutline, canvasWidth: Int, canvasHeight: Int,
                     moving: Bool) -> Result<PixelRect, GridRefusal> {
        let reach = spec.stroke.map { StrokeOutliner($0).reach } ?? 0
        let lo = outline.box.min - reach, hi = outline.box.max + reach
        func even(_ v: Double, up: Bool) -> Int {
            let i = Int(max(-1e7, min(1e7, up ? v.rounded(.up) : v.rounded(.down))))
            return up ? (i + 1) & ~1 : i & ~1
        }
        var (x0, y0, x1, y1) = (even(lo.x, up: false), even(lo.y, up: false), even(hi.x, up: true), even(hi.y, up: true))
        if moving {
            let limit = movingAreaLimit * canvasWidth * canvasHeight
            guard (x1 - x0) * (y1 - y0) <= limit else { return .failure(.tooLarge(width: x1 - x0, height: y1 - y0, limit: limit)) }
        } else {
            let mx = canvasWidth / 4 & ~1, my = canvasHeight / 4 & ~1
            (x0, y0) = (max(x0, -mx), max(y0, -my))
            (x1, y1) = (min(x1, canvasWidth + mx), min(y1, canvasHeight + my))
        }
        guard x1 > x0, y1 > y0 else { return .failure(.outside) }
        return .success(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// How many frames' worth of pixels a moving shape's grid may take (a 1080p frame's 2 MP
    /// each; the layer is drawn once in 16 bytes a pixel and kept in 4 to 8).
    static let movingAreaLimit = 4

    /// The layer as a picture in `matrix` at `depth`.
    func frame(matrix: CanvasColor, depth: SampleDepth) throws -> Frame {
        try planes().frame(matrix: matrix, depth: depth)
    }

    /// The layer in premultiplied RGB.
    func planes() -> PremultipliedPlanes {
        let (w, h) = (raster.width, raster.height)
        let origin = Point(Double(raster.x), Double(raster.y))
        var planes = PremultipliedPlanes(width: w, height: h)
        let fillCover = fill.map { _ -> [Float] in
            var r = CoverageRasterizer(width: w, height: h)
            for line in outline.lines where line.points.count > 2 { r.add(line.points, offset: origin) }
            return r.coverage()
        }
        let strokeCover = stroke.map { s -> [Float] in
            var r = CoverageRasterizer(width: w, height: h)
            for polygon in StrokeOutliner(s).polygons(outline.lines) { r.add(polygon, offset: origin) }
            return r.coverage()
        }
        let fillPaint = fill.map { PaintSampler($0, box: outline.box) }
        let strokePaint = stroke.map { PaintSampler($0.paint, box: outline.box) }
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                var p = Premultiplied.clear
                if let fillPaint, let c = fillCover?[i], c > 0 { p = fillPaint.color(x: x + raster.x, y: y + raster.y).scaled(c) }
                if let strokePaint, let c = strokeCover?[i], c > 0 {
                    p = strokePaint.color(x: x + raster.x, y: y + raster.y).scaled(c).over(p)
                }
                planes[i] = p
            }
        }
        return planes
    }
}
