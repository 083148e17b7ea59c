import ReelSpec

extension RenderPlanner {
    /// The renditions of an `hls` output, largest first: each the output's picture at its height
    /// (the width keeps the output's aspect, even); without any, one at the output's size. A
    /// rendition taller than the output would only be an upscale, so it is refused.
    func planHLS(_ out: OutputSpec, width: Int, height: Int, problems: inout [SpecProblem]) -> HLSPlan {
        let spec = out.hls ?? HLSSpec()
        var renditions: [HLSPlan.Rendition] = []
        for (i, r) in spec.renditions.enumerated() {
            guard r.height <= height else {
                problems.append(SpecProblem(pointer: "/output/hls/renditions/\(i)/height",
                                            message: "is taller than the output (\(height) px); a rendition is the output's picture at a height up to its own"))
                continue
            }
            let w = max(16, Int((Double(r.height) * Double(width) / Double(height) / 2).rounded()) * 2)
            renditions.append(HLSPlan.Rendition(width: w, height: r.height, bitrate: r.videoBitrate))
        }
        if spec.renditions.isEmpty { renditions = [HLSPlan.Rendition(width: width, height: height, bitrate: nil)] }
        return HLSPlan(segmentDuration: spec.segmentDuration, renditions: renditions.sorted { $0.height > $1.height },
                       progressive: spec.progressive)
    }
}
