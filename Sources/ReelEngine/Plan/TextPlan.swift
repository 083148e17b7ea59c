import ReelSpec

/// A text overlay's look with its fonts found: what `TextLayout` and `TextPicture` need to set and
/// draw a block. For captions `style.text` is unused (each cue brings its own text).
struct TextPlan: Sendable {
    var style: TextStyle
    var chain: FontChain
    /// The typewriter's in-phase, when the overlay has one.
    var typewriter: Animation?
    /// Wrapping width in output pixels.
    var maxWidth: Double?
}
