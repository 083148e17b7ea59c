import CFFmpeg
import ReelSpec

/// The frames of one trimmed video source, sampled at output times.
///
/// For each requested source time it shows the last frame whose timestamp is at or before it (the
/// frame a player would be displaying), so a trim at 61/30 s starts on source frame 61 exactly.
/// A render asks for times that never decrease and decoding moves forward; a preview may ask for
/// any time, and the producer seeks (`reposition`) only when that is shorter than decoding on:
/// back in time, or ahead past a keyframe. Memory holds two decoded frames.
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

    /// The output picture for source time `t`: the same frame whatever was asked before.
    func picture(at t: Time) throws -> Frame {
        let limit = t + ClipProducer.tolerance
        try reposition(for: limit)
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

    /// Seeks when the frame for `limit` lies behind the one shown (a preview scrubbing back), or
    /// beyond a keyframe that decoding has not reached, found in the container's index (or, in a
    /// file without one, more than `unindexedJump` ahead): decoding from that keyframe gives the
    /// same picture and skips the frames between. A render's next frame is never behind, and is
    /// past a keyframe not yet decoded only when it skips part of the source (a fast `speed`).
    private func reposition(for limit: Time) throws {
        guard current != nil else { return }
        if limit < currentTime { return try reseek(to: limit - ClipProducer.tolerance) }
        let decoded = pending == nil ? currentTime : pendingTime
        guard !ended, decoded < limit else { return }
        if let keyframe = stream.indexedKeyframe(atOrBefore: limit) {
            if decoded < keyframe { try reseek(to: limit - ClipProducer.tolerance) }
        } else if ClipProducer.unindexedJump < limit - decoded {
            try reseek(to: limit - ClipProducer.tolerance)
        }
    }

    /// How far ahead, in a file without an index, a seek is cheaper than decoding on.
    static let unindexedJump = Time(value: 2, timescale: 1)

    /// Positions the decoder for source time `t` as a new producer opened there would be.
    private func reseek(to t: Time) throws {
        try stream.seek(to: t)
        stream.skipHiddenFrames(upTo: t + ClipProducer.tolerance)
        current = nil
        pending = nil
        ended = false
        currentTime = .zero
        holdVerifiedUntil = .zero
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
