/// One drawing command of SVG path data, made absolute: relative commands, `H`/`V` and the smooth
/// curves `S`/`T` are resolved by `SVGPathParser`, so the engine sees only these.
public enum PathCommand: Sendable, Equatable {
    case move(PathPoint)
    case line(PathPoint)
    case quad(PathPoint, PathPoint)
    case cubic(PathPoint, PathPoint, PathPoint)
    /// An elliptical arc to `to` (SVG's endpoint parameterisation; `rotation` in degrees).
    case arc(rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool, to: PathPoint)
    case close
}

/// A point of path data, in pixels.
public struct PathPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}
