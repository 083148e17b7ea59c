import ReelSpec

extension RenderPlanner {
    /// Where a layer drawn at its display size (an audiogram, a Lottie frame) lies on a
    /// `width`×`height` canvas: its `frame` (without a height, of its natural shape), or its
    /// `natural` size centred at its `position` or on the canvas, rounded to whole pixels.
    static func pixelGrid(_ placement: OverlayPlan.Placement, natural: (width: Double, height: Double), width: Int, height: Int) -> PixelGrid {
        let (cw, ch) = (Double(width), Double(height))
        var size = (w: natural.width, h: natural.height)
        var centre = (x: cw / 2, y: ch / 2)
        switch placement {
        case .frame(let f):
            size.w = f.width.pixels(along: .horizontal, width: cw, height: ch)
            size.h = f.height?.pixels(along: .vertical, width: cw, height: ch) ?? size.w * natural.height / natural.width
            centre = (f.x.pixels(along: .horizontal, width: cw, height: ch), f.y.pixels(along: .vertical, width: cw, height: ch))
        case .position(let p):
            centre = (p.x.pixels(along: .horizontal, width: cw, height: ch), p.y.pixels(along: .vertical, width: cw, height: ch))
        case .natural:
            break
        }
        func side(_ v: Double) -> Int { max(1, Int(min(16384, max(0, v)).rounded())) }
        let (w, h) = (side(size.w), side(size.h))
        func origin(_ c: Double, _ side: Int) -> Int { Int(max(-1e7, min(1e7, c - Double(side) / 2)).rounded()) }
        return PixelGrid(content: PixelRect(x: origin(centre.x, w), y: origin(centre.y, h), width: w, height: h))
    }
}
