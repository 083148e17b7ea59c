import ReelSpec

/// The shape of an audiogram's bars (docs/API.md "Audiograms"), in pixels of its picture
/// (`width`×`height`), from each bar's height as a fraction 0…1 of the room above the baseline.
///
/// Bar `b` fills the middle 70 % of its slot `[b·w/n, (b+1)·w/n)`. `bars`: a 2 px baseline along the
/// bottom and each bar standing on it, `f·(h − 2)` tall; `mirror`: the baseline across the middle
/// and each bar reaching `f·(h − 2)/2` up and down from it; `line`: a 2 px line through the bars'
/// tops (`h − 1 − f·(h − 2)` at each slot's centre, held flat to both edges), which at silence lies
/// on the bottom two rows.
enum WaveformGeometry {
    /// How much of its slot a bar fills.
    static let barShare = 0.7
    static let baseline = 2.0

    /// `offset`: where the picture's corner lies in the raster it is drawn on.
    static func shape(_ heights: [Double], style: WaveformSpec.Style, width w: Double, height h: Double, offset: (x: Double, y: Double),
                      color: Color) -> ShapeSpec {
        let at = FramePoint(x: Length(offset.x, .px), y: Length(offset.y, .px))
        let n = Double(heights.count), slot = w / n, room = h - baseline
        func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [PathCommand] {
            guard x1 > x0, y1 > y0 else { return [] }
            return [.move(PathPoint(x0, y0)), .line(PathPoint(x1, y0)), .line(PathPoint(x1, y1)), .line(PathPoint(x0, y1)), .close]
        }
        func barX(_ b: Int) -> (Double, Double) {
            let inset = slot * (1 - barShare) / 2
            return (Double(b) * slot + inset, Double(b + 1) * slot - inset)
        }
        switch style {
        case .bars:
            var path = rect(0, h - baseline, w, h)
            for (b, f) in heights.enumerated() {
                let (x0, x1) = barX(b)
                path += rect(x0, h - baseline - f * room, x1, h - baseline)
            }
            return ShapeSpec(geometry: .path(path, offset: at), fill: .solid(color))
        case .mirror:
            let mid = h / 2
            var path = rect(0, mid - baseline / 2, w, mid + baseline / 2)
            for (b, f) in heights.enumerated() {
                let (x0, x1) = barX(b), reach = f * room / 2
                path += rect(x0, mid - baseline / 2 - reach, x1, mid - baseline / 2)
                path += rect(x0, mid + baseline / 2, x1, mid + baseline / 2 + reach)
            }
            return ShapeSpec(geometry: .path(path, offset: at), fill: .solid(color))
        case .line:
            let ys = heights.map { h - baseline / 2 - $0 * room }
            var points = [PathCommand.move(PathPoint(0, ys[0]))]
            for (b, y) in ys.enumerated() { points.append(.line(PathPoint((Double(b) + 0.5) * slot, y))) }
            points.append(.line(PathPoint(w, ys[ys.count - 1])))
            var stroke = ShapeStroke(paint: .solid(color), width: baseline)
            stroke.join = .round
            return ShapeSpec(geometry: .path(points, offset: at), stroke: stroke)
        }
    }
}
