import CFFmpeg
import ReelSpec

/// The frames of one trimmed video source, sampled at output times.
///
/// For each requested source time it shows the last frame whose timestamp is at or before it (the
/// frame a player would be displaying), so a trim at 61/30 s starts on source frame 61 exactly.
/// A render asks for times that never decrease and decoding moves forward; a preview may ask for
/// any time, and the producer seeks (`reposition`) only when that is shorter than decoding on:
/// back in time, or more than `decodedThrough` ahead past a keyframe. A render's memory holds two
/// decoded frames; a preview's also its recent ones (`recentBudget`).
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
    /// Bytes of decoded frames to keep for a preview stepping back (0 for a render, which never
    /// does): the latest decoded frames, in presentation order with none missing, so a step back
    /// into them decodes nothing (`recalled`).
    let recentBudget: Int
    private var recent: [(time: Time, frame: Frame, bytes: Int)] = []
    private var recentTotal = 0
    /// After a seek that skipped hidden frames up to here, the frames before it may have holes:
    /// only the last of them (the one shown here) is kept, as `candidate`, and the frames after it.
    private var rememberFrom: Time?
    private var candidate: (time: Time, frame: Frame, bytes: Int)?
    /// The limit asked for last: how far back a step goes is measured from it (the frame shown
    /// may be a recalled one, far behind the decoder).
    private var lastLimit: Time?
    /// The fitted picture of the frame recalled last.
    private var recalledFit: (time: Time, picture: Frame)?

    /// Set when the render stops: decoding up to a far trim point can take seconds, so the loop ends early.
    let stop: CancellationToken?

    /// `decoderThreads`: the decoder's `thread_count` (`CodecThreading.videoDecoder`); `stop`: see
    /// above; `recentBytes`: see `recentBudget`.
    init(path: String, startingAt sourceTime: Time, rotation: Int, mode: FitMode, fitter: FrameFitter, decoderThreads: Int,
         stop: CancellationToken? = nil, recentBytes: Int = 0) throws {
        self.stop = stop
        stream = try DecodedStream(path: path, type: AVMEDIA_TYPE_VIDEO, threads: decoderThreads)
        self.rotation = rotation
        self.mode = mode
        self.fitter = fitter
        recentBudget = max(0, recentBytes)
        try stream.seek(to: sourceTime)
        stream.skipHiddenFrames(upTo: sourceTime + ClipProducer.tolerance)
        rememberFrom = sourceTime + ClipProducer.tolerance
    }

    /// The output picture for source time `t`: the same frame whatever was asked before.
    func picture(at t: Time) throws -> Frame {
        let limit = t + ClipProducer.tolerance
        if limit < currentTime, current != nil, let hit = recalled(limit) {
            lastLimit = limit
            if let fit = recalledFit, fit.time == hit.time { return fit.picture }
            let out = try fitter.fit(hit.frame, rotation: rotation, mode: mode, still: stream.input.isSequence)
            recalledFit = (hit.time, out)
            return out
        }
        let (frame, generation) = try decoded(at: t)
        if generation == fittedGeneration, let fitted { return fitted }
        let out = try fitter.fit(frame, rotation: rotation, mode: mode, still: stream.input.isSequence)
        fitted = out
        fittedGeneration = generation
        return out
    }

    /// The decoded frame shown at source time `t`, before it is fitted, and its generation (which
    /// changes when the frame shown does): what `picture(at:)` fits, and what a `SharedClip` hands
    /// to the canvases it decodes for. Decodes on, or seeks (`reposition`); never recalls.
    func decoded(at t: Time) throws -> (frame: Frame, generation: Int) {
        let limit = t + ClipProducer.tolerance
        let previous = lastLimit
        lastLimit = limit
        try reposition(for: limit, after: previous)
        while true {
            if let stop, stop.isCancelled { throw RenderError.cancelled }
            if pending == nil && !ended {
                let f = Frame()
                if try stream.next(into: f) {
                    pending = f
                    let ts = f.bestEffortTimestamp
                    pendingTime = ts == reel_nopts() ? currentTime : stream.time(ofTimestamp: ts)
                    remember(f, at: pendingTime)
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
        return (frame, generation)
    }

    /// Seeks when the frame for `limit` lies behind the one shown (a preview scrubbing back), or more
    /// than `decodedThrough` ahead and beyond a keyframe that decoding has not reached, found in the
    /// container's index (or, in a file without one, more than `unindexedJump` ahead): decoding from
    /// that keyframe gives the same picture and skips the frames between. A render's next frame is
    /// never behind and never a second ahead, so a render decodes on as it always did (and asks the
    /// index nothing).
    private func reposition(for limit: Time, after previous: Time?) throws {
        guard current != nil else { return }
        // A step back (within `decodedThrough` of the time shown last) fills the recent frames; a
        // jump back is a seek like any.
        if limit < currentTime {
            let from = previous.map { Time.min($0, currentTime) } ?? currentTime
            return try reseek(to: limit - ClipProducer.tolerance, back: !(ClipProducer.decodedThrough < from - limit))
        }
        // A short way on is decoded through (and a preview's recent frames stay whole).
        let decoded = pending == nil ? currentTime : pendingTime
        guard !ended, ClipProducer.decodedThrough < limit - decoded else { return }
        if let keyframe = stream.indexedKeyframe(atOrBefore: limit) {
            if decoded < keyframe { try reseek(to: limit - ClipProducer.tolerance, back: false) }
        } else if ClipProducer.unindexedJump < limit - decoded {
            try reseek(to: limit - ClipProducer.tolerance, back: false)
        }
    }

    /// How far ahead, in a file without an index, a seek is cheaper than decoding on.
    static let unindexedJump = Time(value: 2, timescale: 1)
    /// How far ahead a producer decodes on rather than seeking, and, keeping recent frames, how far
    /// back a step is (its frames all decoded and kept) rather than a jump (hidden frames skipped).
    static let decodedThrough = Time(value: 1, timescale: 1)

    /// Keeps a decoded frame among the recent ones, the oldest going past the budget.
    private func remember(_ f: Frame, at t: Time) {
        guard recentBudget > 0 else { return }
        let entry = (time: t, frame: f, bytes: f.lineSize(0) * f.height * 3 / 2)
        if let from = rememberFrom, t < from {
            candidate = entry
            return
        }
        if let c = candidate { keep(c) }
        candidate = nil
        keep(entry)
    }

    private func keep(_ entry: (time: Time, frame: Frame, bytes: Int)) {
        if let last = recent.last, !(last.time < entry.time) { dropRecentFrames() }
        recent.append(entry)
        recentTotal += entry.bytes
        while recentTotal > recentBudget, recent.count > 1 { recentTotal -= recent.removeFirst().bytes }
    }

    /// The recent frame shown at `limit` (the last at or before it), when the recent frames reach
    /// from before `limit` to after it.
    private func recalled(_ limit: Time) -> (time: Time, frame: Frame)? {
        guard let first = recent.first, let last = recent.last, !(limit < first.time), limit < last.time,
              let i = recent.lastIndex(where: { !(limit < $0.time) }) else { return nil }
        return (recent[i].time, recent[i].frame)
    }

    /// Lets go of the recent frames (a preview context no longer in use keeps its decoders only).
    func dropRecentFrames() {
        recent.removeAll()
        recentTotal = 0
        recalledFit = nil
        candidate = nil
    }

    /// Positions the decoder for source time `t` as a new producer opened there would be. Keeping
    /// recent frames, a step `back` decodes every frame from the keyframe, so all of them are kept
    /// for the steps back that follow; otherwise frames hidden before `t` are skipped.
    private func reseek(to t: Time, back: Bool) throws {
        try stream.seek(to: t)
        dropRecentFrames()
        if recentBudget > 0 && back {
            stream.decodeEveryFrame()
            rememberFrom = nil
        } else {
            stream.skipHiddenFrames(upTo: t + ClipProducer.tolerance)
            rememberFrom = t + ClipProducer.tolerance
        }
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
