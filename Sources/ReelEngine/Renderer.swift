import CFFmpeg
import Foundation
import Logging
import ReelSpec

/// Renders a `RenderPlan` into a file, frame by frame, in constant memory.
///
/// A picture thread produces output frame `i` at time `i/fps` (the video segments under that time,
/// composited) into a queue bounded by bytes (`FrameQueue.depth`); the calling thread encodes each, then mixes and encodes
/// the audio up to the next frame's time, so both tracks advance together and the muxer interleaves
/// them with small buffers. The file is written
/// under a temporary name beside the target and renamed only when complete.
public final class Renderer {
    public let plan: RenderPlan
    let logger: Logger

    public init(plan: RenderPlan, logger: Logger = Logger(label: "reel.render")) {
        self.plan = plan
        self.logger = logger
    }

    /// Renders to `path`. `progress` receives 0…1 by output time; `cancel` is checked every frame.
    public func render(to path: String, cancel: CancellationToken = CancellationToken(),
                       progress: (Double) -> Void = { _ in }) throws {
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        defer { unlink(temp) }
        do {
            try write(to: temp, cancel: cancel, progress: progress)
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError.output(path: path, reason: "\(error)")
        }
        guard rename(temp, path) == 0 else {
            throw RenderError.output(path: path, reason: "cannot move the finished file into place: \(String(cString: strerror(errno)))")
        }
        progress(1)
    }

    /// Runs the picture stage on its own thread: demux, decode, fit and composite each output frame
    /// and queue it with its pts. Returns a semaphore signalled when the thread has finished (and
    /// released every decoder).
    private func startPictures(frames: Int64, into queue: FrameQueue) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let plan = self.plan
        let thread = Thread {
            defer { done.signal() }
            var pictures = SegmentPictures(plan: plan)
            defer { pictures.close() }
            do {
                for i in 0..<frames {
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
        thread.name = "reel-pictures"
        thread.stackSize = 8 << 20
        thread.start()
        return done
    }

    private func write(to temp: String, cancel: CancellationToken, progress: (Double) -> Void) throws {
        let output = try OutputFile(path: temp, formatName: OutputEncoders.muxerName(plan.format))
        let hasVideo = !plan.format.isAudioOnly
        let videoEncoder = hasVideo ? try OutputEncoders.video(plan, globalHeader: output.needsGlobalHeader) : nil
        let audioEncoder = try OutputEncoders.audio(plan, globalHeader: output.needsGlobalHeader)
        if let videoEncoder {
            try output.addStream(for: videoEncoder, codecTag: plan.videoEncoding.codec == .hevc ? UInt32(reel_mktag(0x68, 0x76, 0x63, 0x31)) : 0)
        }
        try output.addStream(for: audioEncoder)
        output.setMetadata(plan.metadata)
        try output.setChapters(plan.chapters, end: plan.outputRange.duration)
        try output.writeHeader(options: plan.faststart ? [("movflags", "+faststart")] : [])

        let sink = { (enc: Encoder) in { (p: Packet) throws in try output.write(p, from: enc) } }
        let audio = AudioTrackWriter(plan: plan, encoder: audioEncoder)
        let rate = Int64(plan.audioEncoding.sampleRate)
        if let videoEncoder {
            let frames = plan.frameCount
            let queue = FrameQueue(capacity: FrameQueue.depth(frameBytes: plan.width * plan.height * 3 / 2))
            let producerDone = startPictures(frames: frames, into: queue)
            defer {
                queue.close()
                producerDone.wait()
            }
            for i in 0..<frames {
                if cancel.isCancelled { throw RenderError.cancelled }
                guard let frame = try queue.pop() else {
                    throw RenderError.output(path: temp, reason: "the picture stage stopped after \(i) of \(frames) frames")
                }
                try videoEncoder.encode(frame, sink: sink(videoEncoder))
                // Audio up to the next frame's time, so the muxer interleaves with small buffers.
                try audio.write(upTo: min(audio.total, plan.frameTime(i + 1).ticks(in: rate, rounding: .nearest)),
                                sink: sink(audioEncoder))
                progress(Double(i + 1) / Double(frames))
            }
            try videoEncoder.encode(nil, sink: sink(videoEncoder))
        } else {
            // Audio only: a tenth of a second at a time.
            while audio.written < audio.total {
                if cancel.isCancelled { throw RenderError.cancelled }
                try audio.write(upTo: min(audio.total, audio.written + rate / 10), sink: sink(audioEncoder))
                progress(Double(audio.written) / Double(max(1, audio.total)))
            }
        }
        try audio.finish(sink: sink(audioEncoder))
        try output.finish()
        logger.info("rendered", metadata: ["frames": "\(hasVideo ? plan.frameCount : 0)", "samples": "\(audio.total)"])
    }
}
