import ReelSpec

extension RenderPlanner {
    /// An item's mask with its source probed: an image or a video with a picture; by its alpha
    /// (shapes, and sources with an alpha channel, unless `mode` says luma) or its luma. A source
    /// with no picture, or `mode: "alpha"` on one without alpha, is a problem at its pointer.
    func planMask(_ spec: MaskSpec?, pointer: String, probes: SourceProbes, problems: inout [SpecProblem]) -> MaskPlan? {
        guard let spec else { return nil }
        switch spec.source {
        case .shape(let shape):
            return MaskPlan(source: .shape(shape), pointer: pointer, mode: .alpha, invert: spec.invert, feather: spec.feather)
        case .media(let src):
            let at = pointer + "/src"
            let path: String, info: MediaInfo
            do {
                (path, info) = try probes.probe(src)
            } catch {
                problems.append(SpecProblem(pointer: at, message: RenderPlanner.message(for: error, src: src)))
                return nil
            }
            guard let v = info.streams.first(where: { $0.type == .video }) else {
                problems.append(SpecProblem(pointer: at, message: "\"\(src)\" has no picture to use as a mask"))
                return nil
            }
            let alpha = RenderPlanner.hasAlpha(v.pixelFormat)
            if spec.mode == .alpha && !alpha {
                problems.append(SpecProblem(pointer: pointer + "/mode", message: "\"\(src)\" has no alpha channel; use mode \"luma\""))
                return nil
            }
            let source: MaskPlan.Source = info.isStill
                ? .still(path: path)
                : .clip(path: path, rotation: v.rotation ?? 0, duration: info.duration ?? v.duration ?? .zero)
            return MaskPlan(source: source, pointer: at, mode: spec.mode ?? (alpha ? .alpha : .luma), invert: spec.invert,
                            feather: spec.feather)
        }
    }
}
