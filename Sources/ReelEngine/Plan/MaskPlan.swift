import ReelSpec

/// A layer's mask, its source resolved: where the item shows on its own picture (`LayerMasker`).
struct MaskPlan: Sendable {
    enum Source: Sendable {
        /// Lengths resolved against the item's picture when it is drawn.
        case shape(ShapeSpec)
        case still(path: String)
        /// Plays from the item's start; past `duration` its last frame holds.
        case clip(path: String, rotation: Int, duration: Time)
    }

    var source: Source
    /// The mask `src`'s pointer, for errors.
    var pointer: String
    var mode: MaskSpec.Mode
    var invert: Bool
    var feather: Double

    var path: String {
        switch source {
        case .shape: return "mask"
        case .still(let p), .clip(let p, _, _): return p
        }
    }
}
