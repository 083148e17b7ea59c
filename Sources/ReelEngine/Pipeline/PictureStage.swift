import CFFmpeg
import Foundation
import ReelSpec

/// The picture stage of a render, on a thread of its own: demux, decode, fit and composite each
/// output frame (`TimelinePictures`) and queue it with its pts, a bounded number ahead of the consumer
/// (`Renderer.pictureQueueDepth`). The consumer takes frames in order with `next`, and `stop`
/// ends the thread and waits until it has released every decoder.
final class PictureStage {
    private let queue: BoundedQueue<Frame>
    private let stopToken = CancellationToken()
    private var done: DispatchSemaphore?
    let frames: Int64

    /// Starts the thread for output frames `range` (all the plan's `frameCount` frames by default;
    /// a chunk's range for a chunked render). Frames keep their output numbers as pts.
    init(plan: RenderPlan, range: Range<Int64>? = nil) {
        let range = range ?? 0..<plan.frameCount
        let frames = range.upperBound
        self.frames = frames
        let queue = BoundedQueue<Frame>(capacity: Renderer.pictureQueueDepth(frameBytes: plan.width * plan.height * (plan.keepsAlpha ? 5 : 3) / 2))
        self.queue = queue
        let stop = stopToken
        done = StageThread.start("reel-pictures") {
            var pictures = TimelinePictures(plan: plan, stop: stop)
            defer { pictures.close() }
            do {
                for i in range {
                    if queue.isClosed { break }
                    let frame = try pictures.picture(at: plan.outputRange.start + plan.frameTime(i))
                    let ref = try frame.reference()
                    ref.pts = i
                    ref.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
                    guard queue.push(ref) else { break }
                }
                queue.finish(error: nil)
            } catch {
                queue.finish(error: error)
            }
        }
    }

    /// Output frame `i`, waiting for it; rethrows the stage's error.
    func next(_ i: Int64) throws -> Frame {
        guard let frame = try queue.pop() else { throw PipelineError.picturesEnded(after: i, of: frames) }
        return frame
    }

    /// Ends the stage (a stop token for decodes toward far trims, the queue closed) and waits for
    /// its thread. Calling it again does nothing.
    func stop() {
        stopToken.cancel()
        queue.close()
        done?.wait()
        done = nil
    }

    deinit { stop() }
}
