import ReelSpec

/// A visual item's layer properties at one instant: AVVideoCompositionLayerInstruction's opacity,
/// transform (position, scale, rotation) and crop, evaluated from its keyframes.
struct LayerState: Equatable {
    var opacity = 1.0
    /// Centre of the layer in fractions of the frame; nil = where the fit places it.
    var x: Double?
    var y: Double?
    var scale = 1.0
    /// Degrees, clockwise.
    var rotation = 0.0
    /// Part of the source shown, in fractions of it; nil = all.
    var crop: FractionRect?

    /// True when the layer is drawn exactly as fitted (no keyframed change).
    var isIdentity: Bool { opacity == 1 && x == nil && y == nil && scale == 1 && rotation == 0 && crop == nil }
}
