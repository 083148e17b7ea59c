import CFFmpeg
import ReelSpec

/// The frames of one trimmed video source, sampled at output times.
///
/// For each requested source time it shows the last frame whose timestamp is at or before it (the
/// frame a player would be displaying), so a trim at 61/30 s starts on source frame 61 exactly.
/// Decoding only moves forward; memory holds two decoded frames.
final class ClipProducer {
    /// Timestamps written in coarse time bases (1/1000 in Matroska) are rounded by up to half a
    /// tick; a frame that starts within this much after the requested time still counts as shown.
    static let tolerance = Time(value: 1, timescale: 1000)
    /// How long the last picture may be held past the end of the video before `MediaExtent` checks
    /// that the file's other streams really go on (a header may claim hours no stream holds).
    static let unverifiedHold = Time(value: 10, timescale: 1)

    let stream: DecodedStream
    let rotation: Int
    let mode: FitMode
    let fitter: FrameFitter
    private var current: Frame?
    private var currentTime = Time.zero
    private var pending: Frame?
    private var pendingTime = Time.zero
    private var ended = false
    private var generation = 0
    private var fittedGeneration = -1
    private var fitted: Frame?
    /// Source time up to which holding the last picture has been checked against the file's data.
    private var holdVerifiedUntil = Time.zero

    /// Set when the render stops: decoding up to a far trim point can take seconds, so the loop ends early.
    let stop: CancellationToken?

    /// `decoderThreads`: the decoder's `thread_count` (`CodecThreading.videoDecoder`); `stop`: see above.
    init(path: String, startingAt sourceTime: Time, rotation: Int, mode: FitMode, fitter: FrameFitter, decoderThreads: Int,
         stop: CancellationToken? = nil) throws {
        self.stop = stop
        stream = try DecodedStream(path: path, type: AVMEDIA_TYPE_VIDEO, threads: decoderThreads)
        self.rotation = rotation
        self.mode = mode
        self.fitter = fitter
        try stream.seek(to: sourceTime)
        stream.skipHiddenFrames(upTo: sourceTime + ClipProducer.tolerance)
    }

    /// The output picture for source time `t`. Times must not decrease between calls.
    func picture(at t: Time) throws -> Frame {
        let limit = t + ClipProducer.tolerance
        while true {
            if let stop, stop.isCancelled { throw RenderError.cancelled }
            if pending == nil && !ended {
                let f = Frame()
                if try stream.next(into: f) {
                    pending = f
                    let ts = f.bestEffortTimestamp
                    pendingTime = ts == reel_nopts() ? currentTime : stream.time(ofTimestamp: ts)
                } else {
                    ended = true
                }
            }
            guard let next = pending else { break }
            if current == nil || !(limit < pendingTime) {
                current = next
                currentTime = pendingTime
                pending = nil
                generation += 1
            } else {
                break
            }
        }
        guard let frame = current else {
            throw MediaError.noPicture(path: stream.input.path, at: t)
        }
        if ended && ClipProducer.unverifiedHold < t - currentTime && holdVerifiedUntil < t { try verifyHold(at: t) }
        if generation == fittedGeneration, let fitted { return fitted }
        let out = try fitter.fit(frame, rotation: rotation, mode: mode, still: stream.input.isSequence)
        fitted = out
        fittedGeneration = generation
        return out
    }

    /// Past the video's end by more than `unverifiedHold`: goes on holding the last picture only if
    /// some stream of the file still has data within that distance of `t`, checked again each
    /// `unverifiedHold` further on.
    private func verifyHold(at t: Time) throws {
        guard try MediaExtent.hasData(stream.input.path, atOrAfter: t - ClipProducer.unverifiedHold) else {
            throw MediaError.endsEarly(path: stream.input.path, lastPicture: currentTime, needed: t)
        }
        holdVerifiedUntil = t + ClipProducer.unverifiedHold
    }
}
