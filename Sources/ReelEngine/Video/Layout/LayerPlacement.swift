/// Where and how one layer lands on the output canvas at one instant: the part of the source used, the
/// size and place it is drawn at, its turn and its opacity. This is what an
/// AVVideoCompositionLayerInstruction's crop, transform and opacity ramps evaluate to for one frame.
///
/// Values are `Double` so keyframed moves stay continuous: fractional edges are anti-aliased by the
/// compositor, not snapped to whole pixels.
struct LayerPlacement: Sendable {
    /// Source pixels used, `nil` for the whole source. The compositor rounds it to whole pixels with an
    /// even origin (so 4:2:0 chroma stays on whole samples, as `FitGeometry` does) and keeps it inside the
    /// source.
    var crop: (x: Double, y: Double, width: Double, height: Double)?
    /// Output pixel (in continuous coordinates: pixel `i` spans `i…i+1`) where the crop's centre lands.
    var centerX: Double
    var centerY: Double
    /// Output pixels the crop is scaled to, before rotation.
    var width: Double
    var height: Double
    /// Degrees, clockwise on screen, about the centre.
    var rotation: Double
    /// 0…1, multiplied with the layer's own alpha.
    var opacity: Double
    /// Degrees turned about the layer's vertical axis, seen in perspective (a 3D `spin`); 0 faces
    /// the viewer.
    var turn = 0.0

    init(centerX: Double, centerY: Double, width: Double, height: Double, rotation: Double = 0,
                opacity: Double = 1, crop: (x: Double, y: Double, width: Double, height: Double)? = nil) {
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        self.rotation = rotation
        self.opacity = opacity
        self.crop = crop
    }

    /// The placement that makes a layer exactly cover a `width`×`height` canvas (a full-frame clip).
    static func covering(width: Int, height: Int, opacity: Double = 1) -> LayerPlacement {
        LayerPlacement(centerX: Double(width) / 2, centerY: Double(height) / 2,
                       width: Double(width), height: Double(height), opacity: opacity)
    }
}
