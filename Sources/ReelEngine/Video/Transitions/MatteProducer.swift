import ReelSpec

/// A matte transition's picture at the canvas's size and colour (stretched to the frame): a still
/// decoded once, or a video read from its start as the transition runs.
final class MatteProducer {
    private enum Kind {
        case still(Frame)
        case clip(any ClipPictures)
    }
    private let kind: Kind

    /// `shared`: the matte's place among sources decoded once for several canvases (`SharedDecodes`).
    init(_ plan: TransitionPlan.MattePlan, fitter: FrameFitter, decoderThreads: Int, stop: CancellationToken,
         shared: SharedDecodes.Slot? = nil) throws {
        switch plan.source {
        case .still(let path): kind = .still(try StillProducer(path: path, mode: .stretch, fitter: fitter).frame)
        case let .clip(path, rotation):
            let open = { (at: Time, stop: CancellationToken?) in
                try ClipProducer(path: path, startingAt: at, rotation: rotation, mode: .stretch, fitter: fitter, decoderThreads: decoderThreads,
                                 stop: stop)
            }
            kind = .clip(try SharedDecodes.Slot.pictures(shared, path: path, from: .zero, fitter: fitter, rotation: rotation, mode: .stretch,
                                                         stop: stop, open: open))
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
