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

    /// The grid that holds the shape and its stroke, cut to the canvas and a quarter of its width
    /// and height around it (room for a shape keyframed into view, with the memory of a drawn
    /// layer bounded); nil when nothing is left.
    static func grid(_ spec: ShapeSpec, outline: ShapeOutline, canvasWidth: Int, canvasHeight: Int) -> PixelRect? {
        let reach = spec.stroke.map { StrokeOutliner($0).reach } ?? 0
        let lo = outline.box.min - reach, hi = outline.box.max + reach
        func even(_ v: Double, up: Bool) -> Int {
            let i = Int(max(-1e7, min(1e7, up ? v.rounded(.up) : v.rounded(.down))))
            return up ? (i + 1) & ~1 : i & ~1
        }
        let mx = canvasWidth / 4 & ~1, my = canvasHeight / 4 & ~1
        let x0 = max(even(lo.x, up: false), -mx), y0 = max(even(lo.y, up: false), -my)
        let x1 = min(even(hi.x, up: true), canvasWidth + mx), y1 = min(even(hi.y, up: true), canvasHeight + my)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

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
