/// Where a layer drawn at its display size (an audiogram, a Lottie frame) lies on its canvas:
/// `content`, the picture's own rectangle in whole canvas pixels (its size and corner rounded from
/// the placement), inside `raster`, the even-aligned rectangle the layer is made as, so it lands on
/// the canvas's pixels and 4:2:0 chroma sites without resampling (the margin is transparent).
struct PixelGrid: Sendable, Equatable {
    let raster: PixelRect
    let content: PixelRect

    /// `content` in canvas pixels; the raster around it on even coordinates.
    init(content: PixelRect) {
        self.content = content
        let x0 = content.x & ~1, y0 = content.y & ~1
        let x1 = (content.x + content.width + 1) & ~1, y1 = (content.y + content.height + 1) & ~1
        raster = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The content's corner inside the raster.
    var offset: (x: Int, y: Int) { (content.x - raster.x, content.y - raster.y) }

    /// A placeholder before `placeOnCanvas` sizes it.
    static let unplaced = PixelGrid(content: PixelRect(x: 0, y: 0, width: 2, height: 2))
}
