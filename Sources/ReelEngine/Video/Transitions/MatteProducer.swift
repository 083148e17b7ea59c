import ReelSpec

/// A matte transition's picture at the canvas's size and colour (stretched to the frame): a still
/// decoded once, or a video read from its start as the transition runs.
final class MatteProducer {
    private enum Kind {
        case still(Frame)
        case clip(ClipProducer)
    }
    private let kind: Kind

    init(_ plan: TransitionPlan.MattePlan, fitter: FrameFitter, decoderThreads: Int, stop: CancellationToken) throws {
        switch plan.source {
        case .still(let path): kind = .still(try StillProducer(path: path, mode: .stretch, fitter: fitter).frame)
        case let .clip(path, rotation):
            kind = .clip(try ClipProducer(path: path, startingAt: .zero, rotation: rotation, mode: .stretch, fitter: fitter,
                                          decoderThreads: decoderThreads, stop: stop))
        }
    }

    /// The matte `into` the transition.
    func picture(at into: Time) throws -> Frame {
        switch kind {
        case .still(let f): return f
        case .clip(let c): return try c.picture(at: into)
        }
    }
}
