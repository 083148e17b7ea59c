import CFFmpeg
import ReelSpec

/// Decoded frames of one stream of a file, in presentation order, with their source times.
///
/// Source time 0 is the container's start, so a video and an audio stream of the same file share
/// one clock. Packets of other streams are discarded by the demuxer.
final class DecodedStream {
    let input: InputFile
    let decoder: Decoder
    let streamIndex: Int
    let timeBase: AVRational
    let packet = Packet()
    private var inputEnded = false
    private var drained = false
    /// See `skipHiddenFrames(upTo:)`.
    private var hiddenLimit: Time?
    /// The latest packet time at or before `hiddenLimit` sent to the decoder without skipping.
    private var latestBeforeLimit: Time?
    /// True once a packet was read or a seek made: the stream is no longer at its start.
    private var moved = false
    /// Frames the decoder has returned (for tests and diagnostics).
    private(set) var decodedFrames = 0

    /// Opens a source the planner has already probed (so the header-only open is safe): stream
    /// `streamIndex` when given (the planner's choice among several), else FFmpeg's best of `type`.
    init(path: String, type: AVMediaType, threads: Int = 0, streamIndex: Int? = nil) throws {
        input = try InputFile(path: path, probe: false)
        let input = self.input
        let chosen = streamIndex.flatMap { i in
            i < input.streamCount && input.stream(i).pointee.codecpar.pointee.codec_type == type ? i : nil
        }
        guard let index = chosen ?? (streamIndex == nil ? input.bestStream(type) : nil) else {
            throw MediaError.noStream(path: path, type: type == AVMEDIA_TYPE_VIDEO ? .video : .audio)
        }
        self.streamIndex = index
        input.discardAllStreams(except: index)
        timeBase = input.stream(index).pointee.time_base
        decoder = try Decoder(input: input, streamIndex: index, threads: threads)
    }

    var stream: UnsafeMutablePointer<AVStream> { input.stream(streamIndex) }

    /// Converts a timestamp of this stream into source time.
    func time(ofTimestamp ts: Int64) -> Time {
        let t = Time.fromTicks(ts, timeBaseNum: timeBase.num, den: timeBase.den)
        return t - Time(value: input.startTimeMicros, timescale: reel_time_base())
    }

    /// Converts source time into a timestamp of this stream (rounded down).
    func timestamp(of t: Time) -> Int64 {
        (t + Time(value: input.startTimeMicros, timescale: reel_time_base()))
            .ticks(timeBaseNum: timeBase.num, den: timeBase.den, rounding: .down)
    }

    /// Positions the stream so that the next frames start at or before source time `t`.
    ///
    /// An index-based seek (MP4/QuickTime, Matroska) lands on the keyframe at or before `t`. Where
    /// the seek is a byte estimate (MPEG-TS, raw streams) it may land after it, on the next
    /// keyframe, and a trim would start late: there the first keyframe is looked for and, while it
    /// lies after `t`, the seek goes again further back (1 s, 2 s, 4 s … before `t`, at last the
    /// start).
    ///
    /// At or before time zero a stream that has been read or sought is rewound to its start.
    func seek(to t: Time) throws {
        guard t.isPositive else {
            guard moved else { return }
            try input.rewind()
            return reset()
        }
        let wanted = timestamp(of: t)
        var target = wanted
        if !input.seeksByIndex {
            var back = Time(value: 1, timescale: 1)
            for _ in 0..<16 {
                try input.seek(stream: streamIndex, to: target)
                guard let first = try firstKeyframeTimestamp(), first > wanted, t > back || target > timestamp(of: .zero) else { break }
                target = t > back ? timestamp(of: t - back) : timestamp(of: .zero)
                back = back + back
            }
        }
        try input.seek(stream: streamIndex, to: target)
        reset()
    }

    /// The decoder emptied after a seek.
    private func reset() {
        moved = true
        decoder.flush()
        inputEnded = false
        drained = false
        latestBeforeLimit = nil
    }

    /// The time of the last keyframe at or before source time `t` by the container's own index
    /// (MP4's sync samples, Matroska's cues once read); nil when the file has no index or no
    /// keyframe that early. An index entry's timestamp may be a decode time, a few frames before
    /// the keyframe is shown: good enough to tell whether a seek would skip decoding.
    func indexedKeyframe(atOrBefore t: Time) -> Time? {
        let i = av_index_search_timestamp(stream, timestamp(of: t), AVSEEK_FLAG_BACKWARD)
        guard i >= 0, let entry = avformat_index_get_entry(stream, i) else { return nil }
        return time(ofTimestamp: entry.pointee.timestamp)
    }

    /// Lets the decoder skip frames that can never be shown to a reader that asks for source times
    /// from `limit` on and shows the last frame at or before each (as `ClipProducer` does).
    ///
    /// After a seek to a trim point the decoder starts at the keyframe before it; everything in
    /// between is decoded only to be passed over. A frame is hidden when another frame, also at or
    /// before `limit`, comes after it; packets arrive in decode order, where a B-frame follows the
    /// later frame it is predicted from, so a packet earlier than one already sent is provably
    /// hidden. Such packets go to the decoder with `skip_frame = AVDISCARD_NONREF`; the decoders that
    /// honour it (H.264, MPEG-2, MPEG-4 part 2, VC-1; FFmpeg 5.1's HEVC decoder does not) skip them
    /// unless other frames refer to them. The ffmpeg CLI decodes them all; with a long GOP and a
    /// B-pyramid about half the frames before a trim are skipped.
    ///
    /// H.264 learns how many frames it must hold back for reordering from the container (MP4's
    /// composition offsets, the stream's VUI) or, failing that, from the B-frames it sees; with those
    /// skipped it could learn it only at the trim point and drop the frame there. So H.264 streams
    /// whose reorder delay the container did not give are decoded in full.
    func skipHiddenFrames(upTo limit: Time) {
        let ctx = decoder.context.pointee
        guard ctx.codec_id != AV_CODEC_ID_H264 || ctx.has_b_frames > 0 else { return }
        hiddenLimit = limit
        latestBeforeLimit = nil
    }

    /// Undoes `skipHiddenFrames`: every frame is decoded (a reader keeping every frame it saw).
    func decodeEveryFrame() {
        hiddenLimit = nil
        latestBeforeLimit = nil
    }

    /// True when the packet's frame is provably hidden (see `skipHiddenFrames`).
    private func isHidden(_ packet: Packet) -> Bool {
        guard let limit = hiddenLimit, packet.pts != reel_nopts() else { return false }
        let t = time(ofTimestamp: packet.pts)
        if limit < t { return false }
        if let latest = latestBeforeLimit, t < latest { return true }
        latestBeforeLimit = t
        return false
    }

    /// Decodes the next frame into `frame`; false at the end of the stream.
    func next(into frame: Frame) throws -> Bool {
        if drained { return false }
        while true {
            switch try decoder.receive(into: frame) {
            case .frame:
                decodedFrames += 1
                return true
            case .end:
                drained = true
                return false
            case .needInput:
                if inputEnded {
                    drained = true
                    return false
                }
                try feed()
            }
        }
    }

    /// The presentation (else decode) timestamp of this stream's next keyframe packet, the first
    /// frame a decoder can show after the seek (packets before it are dropped by the decoder);
    /// nil at the end of the file or when none comes within `keyframeSearchPackets`.
    private func firstKeyframeTimestamp() throws -> Int64? {
        for _ in 0..<DecodedStream.keyframeSearchPackets {
            guard try input.read(into: packet) else { return nil }
            defer { packet.unref() }
            guard packet.streamIndex == streamIndex, packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 else { continue }
            let ts = packet.pts != reel_nopts() ? packet.pts : packet.pointer.pointee.dts
            if ts != reel_nopts() { return ts }
        }
        return nil
    }

    /// Packets read at most looking for a keyframe after a seek (a GOP of minutes at 60 fps).
    static let keyframeSearchPackets = 20_000

    private func feed() throws {
        moved = true
        while true {
            guard try input.read(into: packet) else {
                inputEnded = true
                _ = try decoder.send(nil)
                return
            }
            defer { packet.unref() }
            if packet.streamIndex == streamIndex {
                decoder.context.pointee.skip_frame = isHidden(packet) ? AVDISCARD_NONREF : AVDISCARD_DEFAULT
                _ = try decoder.send(packet)
                return
            }
        }
    }
}
