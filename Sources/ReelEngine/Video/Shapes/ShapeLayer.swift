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
        guard color.isHDR else { return try planes.frame(matrix: color, depth: depth) }
        return try LayerColorConverter(canvas: color, depth: depth).convert(planes.frame(matrix: .bt709, depth: .eight))
    }
}
