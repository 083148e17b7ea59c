/// An integer rectangle of pixels.
struct PixelRect: Equatable, Sendable, CustomStringConvertible {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
