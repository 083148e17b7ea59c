import CFFmpeg
import ReelSpec

/// Reads one source's audio from an exact source time as planar float at the output rate and
/// channel count, sample by sample: the first sample returned is the one at `startTime`.
///
/// Trimming happens on the decoded input before resampling, so the cut lands on the source sample;
/// a stream that begins after `startTime` is preceded by silence so it stays in sync with its video.
final class AudioClipReader: AudioSampleSource {
    let stream: DecodedStream
    let startTime: Time
    let rate: Int
    let channels: Int
    private var resampler: Resampler?
    private var fifo: [[Float]]
    private var head = 0
    private var started = false
    private var ended = false
    private var nextTime: Time?
    /// Silence owed before the first decoded sample (a stream that starts late), emitted lazily so a
    /// late start costs no memory.
    private var pendingSilence = 0
    private let frame = Frame()
    private let scratch: SampleBuffer

    /// `streamIndex`: the file's stream to read (the planner's choice), else FFmpeg's best audio.
    init(path: String, startTime: Time, rate: Int, channels: Int, streamIndex: Int? = nil) throws {
        stream = try DecodedStream(path: path, type: AVMEDIA_TYPE_AUDIO, threads: 1, streamIndex: streamIndex)
        self.startTime = startTime
        self.rate = rate
        self.channels = channels
        fifo = Array(repeating: [], count: channels)
        scratch = SampleBuffer(channels: channels, capacity: 8192)
        try stream.seek(to: startTime)
    }

    private var available: Int { fifo[0].count - head }

    /// Fills up to `count` samples of each channel; returns how many (fewer only at the end).
    func read(count: Int, into out: [UnsafeMutablePointer<Float>]) throws -> Int {
        var done = 0
        while done < count {
            if pendingSilence > 0 {
                let z = min(count - done, pendingSilence)
                for c in 0..<channels { (out[c] + done).update(repeating: 0, count: z) }
                pendingSilence -= z
                done += z
                continue
            }
            if available == 0 {
                if ended { break }
                try decodeMore()
                continue
            }
            let n = min(count - done, available)
            for c in 0..<channels {
                fifo[c].withUnsafeBufferPointer { src in (out[c] + done).update(from: src.baseAddress! + head, count: n) }
            }
            head += n
            done += n
            if head >= 1 << 16 {
                for c in 0..<channels { fifo[c].removeFirst(head) }
                head = 0
            }
        }
        return done
    }

    private func decodeMore() throws {
        guard try stream.next(into: frame) else {
            if let r = resampler { try append(r, frame: nil, skip: 0, count: 0) }
            ended = true
            return
        }
        defer { frame.unref() }
        let n = frame.sampleCount
        let inRate = Int(frame.pointer.pointee.sample_rate)
        guard n > 0, inRate > 0 else { return }
        let ts = frame.bestEffortTimestamp
        let frameStart = ts == reel_nopts() ? (nextTime ?? .zero) : stream.time(ofTimestamp: ts)
        let frameDuration = Time(value: Int64(n), timescale: Int32(inRate))
        nextTime = frameStart + frameDuration
        var skip = 0
        if !started {
            if !(startTime < frameStart + frameDuration) { return }
            if frameStart < startTime {
                skip = min(n, Int((startTime - frameStart).ticks(in: Int64(inRate), rounding: .nearest)))
            } else if startTime < frameStart {
                pendingSilence = Int((frameStart - startTime).ticks(in: Int64(rate), rounding: .nearest))
            }
            started = true
        }
        if resampler == nil || !resampler!.accepts(frame) {
            if let old = resampler { try append(old, frame: nil, skip: 0, count: 0) }
            var source = stream.decoder.source
            source.seconds = frameStart.approximateSeconds
            resampler = try Resampler(from: frame, outRate: rate, outChannels: channels, source: source)
        }
        try append(resampler!, frame: frame, skip: skip, count: n - skip)
    }

    private func append(_ r: Resampler, frame: Frame?, skip: Int, count: Int) throws {
        scratch.reserve(r.outputCapacity(for: count))
        let produced = try r.convert(frame, skip: skip, count: count, into: scratch.planes, capacity: scratch.capacity)
        for c in 0..<channels {
            fifo[c].append(contentsOf: UnsafeBufferPointer(start: scratch.planes[c], count: produced))
        }
    }
}
