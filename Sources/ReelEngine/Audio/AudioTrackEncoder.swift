import CFFmpeg
import ReelSpec

/// The audio track's encode step: pulls the mixdown in encoder-sized frames into the audio
/// encoder, with a running sample count as pts, and hands the packets to a sink (the muxer, or
/// `AudioEncodingStage`'s queue).
final class AudioTrackEncoder {
    let encoder: Encoder
    let mixdown: Mixdown
    let channels: Int
    let frameSize: Int
    /// Where encoding stops: the samples in the whole track, or a chunk's end; only the frame that
    /// reaches it may be short.
    let total: Int64
    /// The encoder takes one interleaved plane (libopus) rather than one plane per channel (AAC).
    private let interleaved: Bool
    /// Where an interleaved encoder's samples are mixed before weaving.
    private let staging: SampleBuffer
    /// The output sample the next frame starts at (its pts): samples encoded so far, from `range`'s start.
    private(set) var encoded: Int64 = 0

    /// `mixdown`: what to encode (default: the plan's mix); `range`: the output samples to encode
    /// (default: all), the first frame's pts being the range's start.
    init(plan: RenderPlan, encoder: Encoder, mixdown: Mixdown? = nil, range: Range<Int64>? = nil) {
        let range = range ?? 0..<plan.sampleCount
        precondition(mixdown.map { $0.start == range.lowerBound } ?? true, "a mixdown that starts elsewhere than the range")
        total = range.upperBound
        encoded = range.lowerBound
        self.encoder = encoder
        channels = plan.audioEncoding.channels
        let fs = Int(encoder.context.pointee.frame_size)
        frameSize = fs > 0 ? fs : 1024
        self.mixdown = mixdown ?? Mixdown(plan: plan, startingAt: range.lowerBound)
        interleaved = encoder.context.pointee.sample_fmt != AV_SAMPLE_FMT_FLTP
        staging = SampleBuffer(channels: channels, capacity: interleaved ? frameSize : 0)
    }

    /// Encodes whole encoder frames until `target` samples are encoded; the last frame may be
    /// short only when `target` is the end of the track.
    func encode(upTo target: Int64, sink: (Packet) throws -> Void) throws {
        while encoded < target {
            let remaining = target - encoded
            guard remaining >= Int64(frameSize) || target == total else { return }
            let n = Int(min(Int64(frameSize), remaining))
            let frame = Frame()
            let f = frame.pointer
            f.pointee.nb_samples = Int32(n)
            f.pointee.format = encoder.context.pointee.sample_fmt.rawValue
            f.pointee.sample_rate = encoder.context.pointee.sample_rate
            try FFmpegError.check(av_channel_layout_copy(&f.pointee.ch_layout, &encoder.context.pointee.ch_layout), "av_channel_layout_copy")
            try FFmpegError.check(av_frame_get_buffer(f, 0), "av_frame_get_buffer", "audio frame")
            if interleaved {
                // libopus and PCM take one interleaved plane: mix into planes, then weave them.
                staging.reserve(n)
                try mixdown.read(count: n, into: staging.planes)
                weave(into: frame, count: n)
            } else {
                // The planes are raw buffers from av_frame_get_buffer, float samples by the frame's
                // format: binding them to Float is what lets a typed pointer outlive this statement.
                let planes = (0..<channels).map { UnsafeMutableRawPointer(frame.data($0)!).bindMemory(to: Float.self, capacity: n) }
                try mixdown.read(count: n, into: planes)
            }
            frame.pts = encoded
            try encoder.encode(frame, sink: sink)
            encoded += Int64(n)
        }
    }

    /// Interleaves `staging`'s planes into the frame's one plane: float as it is, or 16-bit integers
    /// rounded to nearest (the limiter keeps the mix under −1 dBFS, so nothing clips).
    private func weave(into frame: Frame, count n: Int) {
        let raw = UnsafeMutableRawPointer(frame.data(0)!)
        if encoder.context.pointee.sample_fmt == AV_SAMPLE_FMT_S16 {
            let out = raw.bindMemory(to: Int16.self, capacity: n * channels)
            for c in 0..<channels {
                let plane = staging.planes[c]
                for k in 0..<n { out[k * channels + c] = Int16(max(-32768, min(32767, (plane[k] * 32768).rounded()))) }
            }
        } else {
            let out = raw.bindMemory(to: Float.self, capacity: n * channels)
            for c in 0..<channels {
                let plane = staging.planes[c]
                for k in 0..<n { out[k * channels + c] = plane[k] }
            }
        }
    }

    /// Encodes the rest of the track and drains the encoder.
    func finish(sink: (Packet) throws -> Void) throws {
        try encode(upTo: total, sink: sink)
        try encoder.encode(nil, sink: sink)
    }
}
