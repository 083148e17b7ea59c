/// A shape's picture on the canvas: drawn in the canvas's own matrix and depth, or, under an HDR
/// canvas, in BT.709 like titles and then taken onto it (`LayerColorConverter`), so a shape's
/// white is the HDR reference white.
enum ShapeLayer {
    static func draw(_ picture: ShapePicture, color: CanvasColor, depth: SampleDepth) throws -> Frame {
        guard color.isHDR else { return try picture.frame(matrix: color, depth: depth) }
        return try LayerColorConverter(canvas: color, depth: depth).convert(picture.frame(matrix: .bt709, depth: .eight))
    }
}
