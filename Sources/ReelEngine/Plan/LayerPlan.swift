import ReelSpec

/// How a visual is drawn beyond a plain fit: AVVideoCompositionLayerInstruction's ramps, plus
/// filters, Ken Burns motion and overlay animations. Times are relative to the item's start.
struct LayerPlan: Sendable {
    var keyframes: [Keyframe] = []
    var filters: [FilterSpec] = []
    var motion: VideoItem.Motion?
    var opacity = 1.0
    var animations: [Animation] = []
    /// How an overlay's colours combine with what lies under it (`BlendModeCompositor`).
    var blend: BlendMode = .normal
    /// A green screen taken out of the picture (`ChromaKeyer`): it then has alpha.
    var chromaKey: ChromaKeySpec?
    /// Where the item shows on its picture (`LayerMasker`): it then has alpha.
    var mask: MaskPlan?
    /// The source has transparency (a PNG with alpha), so it must be blended over the background.
    var transparent = false

    init() {}

    /// The chroma key at `t` into the item: its similarity, smoothness and spill as keyframes set them.
    func chromaKey(at t: Time) -> ChromaKeySpec? {
        guard var key = chromaKey, !keyframes.isEmpty else { return chromaKey }
        let track = KeyframeTrack(keyframes)
        if let v = track.value(.similarity, at: t) { key.similarity = v }
        if let v = track.value(.smoothness, at: t) { key.smoothness = v }
        if let v = track.value(.spill, at: t) { key.spill = v }
        return key
    }

    /// The filters at `t` into the item: each filter's amount as keyframes set it for its type.
    func filters(at t: Time) -> [FilterSpec] {
        guard !filters.isEmpty, keyframes.contains(where: { !$0.filterAmounts.isEmpty }) else { return filters }
        let track = KeyframeTrack(keyframes)
        return filters.map { f in
            var f = f
            if let feature = Keyframe.Feature(rawValue: f.kind.rawValue), let v = track.value(feature, at: t) { f.amount = v }
            return f
        }
    }

    /// True when keyframes or animations move, scale or turn the layer on the canvas: any part of
    /// its picture may then come into view.
    var movesOnCanvas: Bool {
        motion != nil || !animations.isEmpty
            || keyframes.contains { $0.x != nil || $0.y != nil || $0.scale != nil || $0.rotation != nil }
    }

    /// True when the item is just its fitted picture.
    var isPlain: Bool {
        keyframes.isEmpty && filters.isEmpty && motion == nil && opacity == 1 && animations.isEmpty && !transparent && blend == .normal
            && chromaKey == nil && mask == nil
    }
}
