import Dispatch
import Foundation
import ReelSpec
import ReelStorage

extension Renderer {
    /// An `hls` output into the folder `folder` (`HLSFile`): each frame drawn on the output's canvas
    /// and on the canvas of each rendition drawn at its own size (`RenditionPictures`), encoded once
    /// per rendition (every segment starting with an IDR frame, the same frames in each), the audio
    /// mixed once into its own media playlist.
    func writeHLS(to folder: String, live: (any LiveOutput)?, cancel: CancellationToken, progress: (Double) -> Void) throws {
        let started = DispatchTime.now()
        let frames = plan.frameCount
        let pictures = RenditionPictures(plan: plan)
        defer { pictures.stop() }
        let file = try HLSFile(plan: plan, folder: folder, live: live, started: started)
        defer { file.stop() }
        for i in 0..<frames {
            if cancel.isCancelled { throw RenderError.cancelled }
            try file.add(try pictures.next(i), index: i)
            progress(Double(i + 1) / Double(frames))
        }
        firstSegmentSeconds = try file.finish()
    }
}
