import ReelSpec

/// Walks the video segments in timeline order and hands out the picture for each output time,
/// opening a segment's source when it begins and releasing it when the next one starts.
struct SegmentPictures {
    let plan: RenderPlan
    private var index = 0
    private var active: Active?

    private enum Active {
        case clip(ClipPicture)
        case frame(Frame)
    }

    init(plan: RenderPlan) { self.plan = plan }

    /// The output picture at timeline time `t`; times must not decrease.
    mutating func picture(at t: Time) throws -> Frame {
        while index < plan.video.count - 1 && !(t < plan.video[index].range.end) {
            index += 1
            active = nil
        }
        let segment = plan.video[index]
        if active == nil { active = try open(segment, at: t) }
        switch active! {
        case .frame(let f): return f
        case .clip(let clip):
            guard case let .clip(path, sourceStart, _) = segment.source else { fatalError("segment kind changed") }
            do {
                return try clip.picture(at: sourceStart + (t - segment.range.start))
            } catch {
                throw RenderError.source(pointer: segment.pointer, path: path, reason: "\(error)")
            }
        }
    }

    mutating func close() { active = nil }

    private func open(_ segment: VideoSegment, at t: Time) throws -> Active {
        let fitter = FrameFitter(width: plan.width, height: plan.height, background: plan.background)
        switch segment.source {
        case .color(let c):
            return .frame(try fitter.solid(YUVColor(c, matrix: fitter.matrix)))
        case let .still(path):
            do {
                return .frame(try StillPicture(path: path, mode: segment.fit, fitter: fitter).frame)
            } catch {
                throw RenderError.source(pointer: segment.pointer, path: path, reason: "\(error)")
            }
        case let .clip(path, sourceStart, rotation):
            do {
                let first = sourceStart + (t - segment.range.start)
                return .clip(try ClipPicture(path: path, startingAt: first, rotation: rotation, mode: segment.fit, fitter: fitter))
            } catch {
                throw RenderError.source(pointer: segment.pointer, path: path, reason: "\(error)")
            }
        }
    }
}
