import CFFmpeg
import ReelSpec

/// A still image decoded and fitted once, then shown for the whole item.
final class StillProducer {
    let frame: Frame

    init(path: String, mode: FitMode, fitter: FrameFitter) throws {
        let stream = try DecodedStream(path: path, type: AVMEDIA_TYPE_VIDEO, threads: 1)
        let decoded = Frame()
        guard try stream.next(into: decoded) else {
            throw MediaError.noPicture(path: path, at: nil)
        }
        let rotation = MediaProbe.rotationDegrees(stream.stream)
        // The fitter is this item's own and fits nothing else, so its canvas stays ours.
        frame = try fitter.fit(decoded, rotation: rotation, mode: mode, still: true)
    }
}
