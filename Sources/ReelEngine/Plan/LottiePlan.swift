import ReelSpec

/// A Lottie overlay's plan: the file, what it says of itself, which part plays how, and the size
/// its frames are drawn at (the overlay's, on whole pixels: vector art is drawn, not scaled).
struct LottiePlan: Sendable {
    var path: String
    var document: LottieDocument
    /// Where on the animation's own timeline the overlay starts, and how much of it plays.
    var sourceStart: Time
    var sourceDuration: Time
    var speed: Rational
    var loop: Bool
    /// Where its frames lie in canvas pixels (set by `placeOnCanvas`).
    var grid = PixelGrid.unplaced

    /// The animation's frame `into` the overlay: its clock times `speed` from `sourceStart`,
    /// wrapped over `sourceDuration` when looping, else held at the range's last frame.
    func frame(into: Time) -> Int {
        var u = into.scaled(by: speed)
        if loop {
            let span = sourceDuration
            let (n, d) = (Int128(u.value) * Int128(span.timescale), Int128(span.value) * Int128(u.timescale))
            let wraps = Time.divide(n, d, rounding: .down)
            u = u - span * Int64(wraps)
        } else if !(u < sourceDuration) {
            return document.lastFrame(before: sourceStart + sourceDuration)
        }
        return document.frame(at: sourceStart + u)
    }
}
