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

    /// Starts the thread for the plan's `frameCount` frames, or only for the frames of `ranges`
    /// (ascending, not overlapping: a passthrough's encoded stretches, a chunk's frames), each
    /// stretch read from a track of its own so the frames between are neither decoded nor drawn.
    /// Frames keep their output numbers as pts. `seat`: the stage's place among stages drawing one
    /// timeline in lockstep, whose video sources are decoded once for all (`SharedDecodes`; one
    /// stretch only).
    init(plan: RenderPlan, ranges: [Range<Int64>]? = nil, seat: SharedDecodes.Seat? = nil) {
        precondition(seat == nil || (ranges ?? []).count <= 1, "shared decodes follow one stretch")
        let frames = plan.frameCount
        let ranges = ranges ?? [0..<frames]
        self.frames = ranges.reduce(0) { $0 + Int64($1.count) }
        let sampleBytes = plan.sampleDepth == .ten ? 2 : 1
        let frameBytes = plan.width * plan.height * (plan.keepsAlpha ? 5 : 3) / 2 * sampleBytes
        let queue = BoundedQueue<Frame>(capacity: Renderer.pictureQueueDepth(frameBytes: frameBytes))
        self.queue = queue
        let stop = stopToken
        done = StageThread.start("reel-pictures") {
            do {
                var previousEnd: Int64?
                var track: TimelinePictures?
                defer { track?.close() }
                stretches: for range in ranges {
                    if previousEnd != range.lowerBound || track == nil {
                        track?.close()
                        track = TimelinePictures(plan: plan, stop: stop, prefetching: ranges.count == 1, seat: seat)
                    }
                    previousEnd = range.upperBound
                    for i in range {
                        if queue.isClosed { break stretches }
                        let frame = try track!.picture(at: plan.outputRange.start + plan.frameTime(i))
                        let ref = try frame.reference()
                        ref.pts = i
                        ref.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
                        guard queue.push(ref) else { break stretches }
                    }
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
