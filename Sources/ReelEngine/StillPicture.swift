import CFFmpeg
import ReelSpec

/// A still image decoded and fitted once, then shown for the whole item.
final class StillPicture {
    let frame: Frame

    init(path: String, mode: FitMode, fitter: FrameFitter) throws {
        let stream = try DecodedStream(path: path, type: AVMEDIA_TYPE_VIDEO, threads: 1)
        let decoded = Frame()
        guard try stream.next(into: decoded) else {
            throw FFmpegError(reel_averror_eof(), "avcodec_receive_frame", "\(path) holds no picture")
        }
        let rotation = MediaProbe.rotationDegrees(stream.stream)
        // The fitter is this item's own and fits nothing else, so its canvas stays ours.
        frame = try fitter.fit(decoded, rotation: rotation, mode: mode)
    }
}
