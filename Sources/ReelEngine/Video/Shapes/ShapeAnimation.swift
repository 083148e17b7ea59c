import ReelSpec

/// A shape whose own numbers keyframes change — a rect's corner radius, the stroke's width and dashes, a
/// polygon's points, a line's ends, its fill and stroke colour: drawn
/// again whenever they do (and only then), on the grid the planner sized for its widest stroke, so
/// the layer keeps its place on the canvas pixel for pixel as a shape drawn once does.
final class ShapeAnimation {
    private let picture: ShapePicture
    private let spec: ShapeSpec
    private let track: KeyframeTrack
    private let canvas: (width: Int, height: Int)
    private let color: CanvasColor
    private let depth: SampleDepth
    private var last: (radius: Double?, strokeWidth: Double?, dashOffset: Double?, dash: [Double]?, points: [Double]?, fill: Paint?,
                       strokeColor: Paint?, frame: Frame)?

    init(_ spec: ShapeSpec, picture: ShapePicture, keyframes: [Keyframe], canvas: (width: Int, height: Int), color: CanvasColor,
         depth: SampleDepth) {
        self.spec = spec
        self.picture = picture
        track = KeyframeTrack(keyframes)
        self.canvas = canvas
        self.color = color
        self.depth = depth
    }

    /// Whether keyframes change the shape itself (not only where and how it is placed).
    static func isAnimated(_ keyframes: [Keyframe]) -> Bool {
        keyframes.contains { $0.radius != nil || $0.strokeWidth != nil || $0.dashOffset != nil || $0.dash != nil || $0.points != nil || $0.fill != nil || $0.strokeColor != nil }
    }

    var width: Int { picture.raster.width }
    var height: Int { picture.raster.height }

    /// The shape as drawn `t` into the overlay.
    func picture(at t: Time) throws -> Frame {
        let radius = track.value(.radius, at: t), strokeWidth = track.value(.strokeWidth, at: t), dashOffset = track.value(.dashOffset, at: t)
        let dash = track.dash(at: t)
        let points = track.points(at: t, width: Double(canvas.width), height: Double(canvas.height))
        let flat = points.map { $0.flatMap { [$0.x, $0.y] } }
        var s = spec
        if let radius, case .rect(let frame, _) = s.geometry { s.geometry = .rect(frame: frame, radius: radius) }
        if let strokeWidth { s.stroke?.width = strokeWidth }
        if let dashOffset { s.stroke?.dashOffset = dashOffset }
        if let dash { s.stroke?.dash = dash }
        if let points {
            let moved = points.map { FramePoint(x: Length($0.x, .px), y: Length($0.y, .px)) }
            switch s.geometry {
            case .polygon: s.geometry = .polygon(moved)
            case .line where moved.count == 2: s.geometry = .line(from: moved[0], to: moved[1])
            default: break
            }
        }
        let outline = ShapeOutline(s.geometry, canvasWidth: Double(canvas.width), canvasHeight: Double(canvas.height)) ?? picture.outline
        // On the box the outline has now: a gradient's points are lengths on it.
        let fill = track.fill(at: t, box: outline.box), strokeColor = track.strokeColor(at: t, box: outline.box)
        if let last, last.radius == radius, last.strokeWidth == strokeWidth, last.dashOffset == dashOffset, last.dash == dash, last.points == flat, last.fill == fill,
           last.strokeColor == strokeColor {
            return last.frame
        }
        if let fill { s.fill = fill }
        if let strokeColor { s.stroke?.paint = strokeColor }
        let frame = try ShapeLayer.draw(ShapePicture(s, outline: outline, raster: picture.raster), color: color, depth: depth)
        last = (radius, strokeWidth, dashOffset, dash, flat, fill, strokeColor, frame)
        return frame
    }
}
