import CFFmpeg
import Foundation
import ReelSpec

/// A JPEG of a video at a time, like AVAssetImageGenerator: the frame on screen at `time`,
/// scaled to `width` (height keeps the display aspect), upright.
public enum ThumbnailGenerator {
    /// Throws `MediaError.noPicture` when the video shows nothing at `time`, `FFmpegError` when it
    /// cannot be read.
    public static func jpeg(path: String, at time: Time, width: Int? = nil) throws -> [UInt8] {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            // An HLS output: the piece of its largest rendition that holds `time`.
            let piece = NSTemporaryDirectory() + "reel-thumb-\(UUID().uuidString).mp4"
            defer { try? FileManager.default.removeItem(atPath: piece) }
            try HLSFolder.extract(path, at: time, into: piece)
            return try jpeg(path: piece, at: time, width: width)
        }
        let stream = try DecodedStream(path: path, type: AVMEDIA_TYPE_VIDEO, threads: 1)
        try stream.seek(to: time)
        var shown: Frame?
        let limit = time + ClipProducer.tolerance
        stream.skipHiddenFrames(upTo: limit)
        while true {
            let f = Frame()
            guard try stream.next(into: f) else { break }
            let ts = f.bestEffortTimestamp
            if shown != nil && ts != reel_nopts() && limit < stream.time(ofTimestamp: ts) { break }
            shown = f
        }
        guard let frame = shown else { throw MediaError.noPicture(path: path, at: time) }
        let rotation = MediaProbe.rotationDegrees(stream.stream)
        let size = MediaProbe.displaySize(width: frame.width, height: frame.height,
                                          sar: frame.pointer.pointee.sample_aspect_ratio, rotation: rotation)
        let w = FitGeometry.even(min(max(16, width ?? size.width), 7680))
        let h = max(2, FitGeometry.even(Double(w) * Double(size.height) / Double(size.width)))
        // Fit into a limited-range canvas (the shared path handles rotation), then encode it as the
        // still outputs are.
        let fitter = FrameFitter(width: w, height: h, background: .black)
        let fitted = try fitter.fit(frame, rotation: rotation, mode: .stretch)
        return try StillImageEncoder.encode(fitted, matrix: fitter.color, as: .jpeg)
    }
}
