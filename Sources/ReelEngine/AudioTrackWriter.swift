import CFFmpeg
import ReelSpec

/// Pulls the mixdown in encoder-sized frames and encodes it, keeping a running sample count as pts.
final class AudioTrackWriter {
    let encoder: Encoder
    let mixdown: Mixdown
    let channels: Int
    let frameSize: Int
    /// Samples in the whole track; only the frame that reaches it may be short.
    let total: Int64
    private(set) var written: Int64 = 0

    init(plan: RenderPlan, encoder: Encoder) {
        total = plan.sampleCount
        self.encoder = encoder
        channels = plan.audioEncoding.channels
        let fs = Int(encoder.context.pointee.frame_size)
        frameSize = fs > 0 ? fs : 1024
        mixdown = Mixdown(plan: plan)
    }

    /// Encodes whole encoder frames until `target` samples are written; the last frame may be
    /// short only when `target` is the end of the track.
    func write(upTo target: Int64, sink: (Packet) throws -> Void) throws {
        while written < target {
            let remaining = target - written
            guard remaining >= Int64(frameSize) || target == total else { return }
            let n = Int(min(Int64(frameSize), remaining))
            let frame = Frame()
            let f = frame.pointer
            f.pointee.nb_samples = Int32(n)
            f.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
            f.pointee.sample_rate = encoder.context.pointee.sample_rate
            try FFmpegError.check(av_channel_layout_copy(&f.pointee.ch_layout, &encoder.context.pointee.ch_layout), "av_channel_layout_copy")
            try FFmpegError.check(av_frame_get_buffer(f, 0), "av_frame_get_buffer", "audio frame")
            let planes = (0..<channels).map { frame.data($0)!.withMemoryRebound(to: Float.self, capacity: n) { $0 } }
            try mixdown.read(count: n, into: planes)
            frame.pts = written
            try encoder.encode(frame, sink: sink)
            written += Int64(n)
        }
    }

    /// Drains the encoder once every sample is written.
    func finish(sink: (Packet) throws -> Void) throws {
        try write(upTo: total, sink: sink)
        try encoder.encode(nil, sink: sink)
    }
}
