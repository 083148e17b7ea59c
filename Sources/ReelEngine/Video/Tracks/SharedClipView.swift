import ReelSpec

/// One canvas's pictures of a `SharedClip`: the shared decoder's frames fitted to this canvas by a
/// fitter of its own, or, once the clip has let this reader go, the pictures of a producer of its
/// own opened at the time asked (`openAlone`).
final class SharedClipView: ClipPictures {
    private let clip: SharedClip
    private let reader: Int
    private let fitter: FrameFitter
    private let rotation: Int
    private let mode: FitMode
    private let openAlone: (Time) throws -> ClipProducer
    private var alone: ClipProducer?
    private var fitted: (generation: Int, picture: Frame)?

    init(_ clip: SharedClip, reader: Int, fitter: FrameFitter, rotation: Int, mode: FitMode, openAlone: @escaping (Time) throws -> ClipProducer) {
        self.clip = clip
        self.reader = reader
        self.fitter = fitter
        self.rotation = rotation
        self.mode = mode
        self.openAlone = openAlone
    }

    func picture(at t: Time) throws -> Frame {
        if let alone { return try alone.picture(at: t) }
        guard let entry = try clip.decoded(reader: reader, at: t) else {
            let own = try openAlone(t)
            alone = own
            return try own.picture(at: t)
        }
        if let fitted, fitted.generation == entry.generation { return fitted.picture }
        let out = try fitter.fit(entry.frame, rotation: rotation, mode: mode, still: clip.isSequence)
        fitted = (entry.generation, out)
        return out
    }

    func dropRecentFrames() { alone?.dropRecentFrames() }

    deinit { clip.leave(reader: reader) }
}
