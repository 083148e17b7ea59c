/// A Lottie (Bodymovin) animation overlay (`type: "lottie"`, docs/API.md "Lottie"): drawn by
/// rlottie at the overlay's size, its frames mapped exactly from output time.
public struct LottieSpec: Sendable, Equatable {
    /// The animation's JSON file (media root or uploads).
    public var src: String
    /// A part of the animation's own timeline (seconds from its in-point); nil: all of it.
    public var sourceRange: TimeRange?
    /// Played this much faster (¼…4).
    public var speed = Rational(1)
    /// Starts again from the range's beginning when it ends, until the overlay ends.
    public var loop = false

    public init(src: String) { self.src = src }
}
