/// A shape's picture on the canvas: drawn in the canvas's own matrix and depth, or, under an HDR
/// canvas, in BT.709 like titles and then taken onto it (`LayerColorConverter`), so a shape's
/// white is the HDR reference white.
enum ShapeLayer {
    static func draw(_ picture: ShapePicture, color: CanvasColor, depth: SampleDepth) throws -> Frame {
        try draw(picture.planes(), color: color, depth: depth)
    }

    /// Any layer drawn in premultiplied sRGB-gamma RGB (shapes, audiograms, Lottie frames) onto a
    /// canvas of `color` and `depth`: SDR canvases in their own matrix, HDR ones through BT.709.
    static func draw(_ planes: PremultipliedPlanes, color: CanvasColor, depth: SampleDepth) throws -> Frame {
        try draw(color: color, depth: depth) { try planes.frame(matrix: $0, depth: $1) }
    }

    /// A layer `make` writes in a matrix and depth, onto a canvas of `color` and `depth`.
    static func draw(color: CanvasColor, depth: SampleDepth, _ make: (CanvasColor, SampleDepth) throws -> Frame) throws -> Frame {
        guard color.isHDR else { return try make(color, depth) }
        return try LayerColorConverter(canvas: color, depth: depth).convert(make(.bt709, .eight))
    }
}
