import ReelSpec

/// A premultiplied sRGB colour with alpha, 0–1.
struct Premultiplied {
    var r: Float, g: Float, b: Float, a: Float

    static let clear = Premultiplied(r: 0, g: 0, b: 0, a: 0)

    init(r: Float, g: Float, b: Float, a: Float) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    init(_ c: Color) {
        a = Float(c.alpha) / 255
        r = Float(c.red) / 255 * a
        g = Float(c.green) / 255 * a
        b = Float(c.blue) / 255 * a
    }

    func scaled(_ k: Float) -> Premultiplied { Premultiplied(r: r * k, g: g * k, b: b * k, a: a * k) }
    func plus(_ o: Premultiplied) -> Premultiplied { Premultiplied(r: r + o.r, g: g + o.g, b: b + o.b, a: a + o.a) }
    /// This colour drawn over `below` (Porter-Duff over).
    func over(_ below: Premultiplied) -> Premultiplied { plus(below.scaled(1 - a)) }
}
