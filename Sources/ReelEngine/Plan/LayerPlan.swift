import ReelSpec

/// How a visual is drawn beyond a plain fit: AVVideoCompositionLayerInstruction's ramps, plus
/// filters, Ken Burns motion and overlay animations. Times are relative to the item's start.
public struct LayerPlan: Sendable {
    public var keyframes: [Keyframe] = []
    public var filters: [FilterSpec] = []
    public var motion: VideoItem.Motion?
    public var opacity = 1.0
    public var animations: [Animation] = []
    /// The source has transparency (a PNG with alpha), so it must be blended over the background.
    public var transparent = false

    public init() {}

    /// True when the item is just its fitted picture.
    public var isPlain: Bool {
        keyframes.isEmpty && filters.isEmpty && motion == nil && opacity == 1 && animations.isEmpty && !transparent
    }
}
