/// The pictures of an `hls` output's renditions in a render of that output alone (whole, or a
/// chunk): the output's canvas for the renditions scaled from it by their encoders, and a canvas of
/// its own for each rendition drawn at its size (`RenderPlan.renditionCanvas`), all drawn in
/// lockstep from one decode of each video source (`SharedDecodes`), as a render of many outputs
/// draws its canvases. A canvas no rendition takes is not drawn.
final class RenditionPictures {
    private let stages: [PictureStage]
    private let decodes: SharedDecodes?
    /// Each rendition's stage, in the plan's order.
    private let stageOf: [Int]

    /// Starts the stages for the plan's frames, or those of `ranges` (one stretch when several
    /// canvases share their decodes: a chunk's).
    init(plan: RenderPlan, ranges: [Range<Int64>]? = nil) {
        guard let hls = plan.hls else { preconditionFailure("an hls output without its plan") }
        let canvases = hls.renditions.map { plan.renditionCanvas($0) }
        var plans: [RenderPlan] = []
        if canvases.contains(where: { $0 == nil }) { plans.append(plan) }
        stageOf = canvases.map { canvas in
            guard let canvas else { return 0 }
            plans.append(canvas)
            return plans.count - 1
        }
        let decodes = plans.count > 1 ? SharedDecodes(readers: plans.count) : nil
        self.decodes = decodes
        stages = plans.indices.map { PictureStage(plan: plans[$0], ranges: ranges, seat: decodes?.seats[$0]) }
    }

    /// Output frame `i` for each rendition, in the plan's order (frames in order, each once).
    func next(_ i: Int64) throws -> [Frame] {
        let drawn = try stages.map { try $0.next(i) }
        return stageOf.map { drawn[$0] }
    }

    /// Stops the shared decoders (a stage decoding for all toward a far trim stops at once), then
    /// every stage; idempotent.
    func stop() {
        decodes?.stop.cancel()
        for st in stages { st.stop() }
    }

    deinit { stop() }
}
