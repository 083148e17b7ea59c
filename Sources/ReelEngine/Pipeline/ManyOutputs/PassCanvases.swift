/// The canvases one pass of a render of many outputs draws, frame by frame (`MultiRenderer.passes`):
/// each drawing group's (its first member's plan draws it), then the canvases of HLS renditions
/// drawn at their own size (`RenderPlan.renditionCanvas`) that no group draws already; a canvas
/// no stream takes (a group of HLS outputs whose renditions are all drawn at their own sizes) is
/// not drawn. A canvas a group draws (an MP4 of the rendition's size) serves both, and their
/// encoders, of equal settings, are then one (`MultiRenderer.encode`).
struct PassCanvases {
    /// Each canvas's plan, in stage order.
    private(set) var plans: [RenderPlan] = []
    /// For member `k` of the pass (its groups' members in order), the canvas each of its video
    /// streams takes pictures from, in the order of `MultiRenderer.videoSettings`.
    private(set) var streams: [[Int]] = []
    /// For each canvas, the member whose output names a failure to draw it.
    private(set) var owners: [Int] = []

    init(_ pass: [[MultiRenderer.Member]]) {
        // Every candidate canvas (the groups' first), then keep those some stream takes.
        var candidates: [(plan: RenderPlan, key: PictureKey, owner: Int)] = []
        var k = 0
        for g in pass {
            candidates.append((g[0].plan, PictureKey(output: g[0].output, plan: g[0].plan), k))
            k += g.count
        }
        var wanted: [[Int]] = []
        k = 0
        for (g, group) in pass.enumerated() {
            for m in group {
                wanted.append(Self.renditionKeys(m).map { own in
                    guard let (canvas, key) = own else { return g }
                    if let c = candidates.firstIndex(where: { $0.key == key }) { return c }
                    candidates.append((canvas, key, k))
                    return candidates.count - 1
                })
                k += 1
            }
        }
        let used = Set(wanted.joined())
        var renumbered: [Int: Int] = [:]
        for (c, candidate) in candidates.enumerated() where used.contains(c) {
            renumbered[c] = plans.count
            plans.append(candidate.plan)
            owners.append(candidate.owner)
        }
        streams = wanted.map { $0.map { renumbered[$0]! } }
    }

    /// For each video stream of `m`, the canvas drawn at its own size and its key, or nil where the
    /// stream takes the pictures of `m`'s group (a file's one stream, a rendition scaled from the
    /// output's canvas).
    static func renditionKeys(_ m: MultiRenderer.Member) -> [(RenderPlan, PictureKey)?] {
        guard let hls = m.plan.hls else { return [nil] }
        return hls.renditions.map { r in m.plan.renditionCanvas(r).map { ($0, PictureKey(output: m.output, plan: $0)) } }
    }
}
