import CFFmpeg

/// Owns a `SwrContext` converting decoded audio of one shape to planar float at the output rate
/// and channel count. A mono source is copied to both channels at its own level (FFmpeg's default
/// would lower it by 3 dB), as the spec asks.
final class Resampler {
    let context: OpaquePointer
    let inRate: Int32
    let inFormat: Int32
    let inChannels: Int32
    /// Where the audio comes from, for the errors of converting it: a damaged stream decodes to
    /// shapes swresample refuses (absurd channel counts or rates), and the text names the stream.
    let converting: FFmpegError.Reading?

    /// `source`: the stream `frame` was decoded from and the frame's source time (its step is set here).
    init(from frame: Frame, outRate: Int, outChannels: Int, source: FFmpegError.Reading? = nil) throws {
        var inLayout = AVChannelLayout()
        if frame.pointer.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || frame.pointer.pointee.ch_layout.nb_channels == 0 {
            av_channel_layout_default(&inLayout, max(1, frame.pointer.pointee.ch_layout.nb_channels))
        } else {
            try FFmpegError.check(av_channel_layout_copy(&inLayout, &frame.pointer.pointee.ch_layout), "av_channel_layout_copy")
        }
        defer { av_channel_layout_uninit(&inLayout) }
        var outLayout = AVChannelLayout()
        av_channel_layout_default(&outLayout, Int32(outChannels))
        defer { av_channel_layout_uninit(&outLayout) }
        var ctx: OpaquePointer? = nil
        inRate = frame.pointer.pointee.sample_rate
        inFormat = frame.pointer.pointee.format
        inChannels = inLayout.nb_channels
        let shape = "\(inChannels)-channel audio at \(inRate) Hz"
        let converting = source.map { s -> FFmpegError.Reading in
            var r = s
            r.step = .converting(shape: shape)
            return r
        }
        self.converting = converting
        try FFmpegError.check(swr_alloc_set_opts2(&ctx, &outLayout, AV_SAMPLE_FMT_FLTP, Int32(outRate),
                                                  &inLayout, AVSampleFormat(rawValue: inFormat), inRate, 0, nil),
                              "swr_alloc_set_opts2", "converting \(shape)", reading: converting)
        guard let c = ctx else { throw FFmpegError(reel_averror(ENOMEM), "swr_alloc_set_opts2") }
        context = c
        if var matrix = Resampler.placement(inChannels: Int(inChannels), outChannels: outChannels) {
            try FFmpegError.check(swr_set_matrix(c, &matrix, inChannels), "swr_set_matrix", reading: converting)
        }
        try FFmpegError.check(swr_init(c), "swr_init", "converting \(shape)", reading: converting)
    }

    /// Where mono and stereo sources go (out × in gains, rows by output channel), where FFmpeg's
    /// own choice is not the spec's: mono into stereo at its own level in both channels; into 5.1
    /// (FL FR FC LFE and the surrounds) mono in the centre and stereo in front left and right.
    /// Anything else takes FFmpeg's standard mix (5.1 into stereo: centre and surrounds at −3 dB).
    static func placement(inChannels: Int, outChannels: Int) -> [Double]? {
        switch (inChannels, outChannels) {
        case (1, 2): return [1, 1]
        case (1, 6): return [0, 0, 1, 0, 0, 0]
        case (2, 6): return [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        default: return nil
        }
    }

    deinit {
        var c: OpaquePointer? = context
        swr_free(&c)
    }

    /// True when `frame` has the shape this resampler was built for.
    func accepts(_ frame: Frame) -> Bool {
        frame.pointer.pointee.sample_rate == inRate && frame.pointer.pointee.format == inFormat
            && max(1, frame.pointer.pointee.ch_layout.nb_channels) == inChannels
    }

    /// An upper bound on the output samples for `inputSamples` more input.
    func outputCapacity(for inputSamples: Int) -> Int {
        Int(swr_get_out_samples(context, Int32(inputSamples))) + 16
    }

    /// Converts `count` input samples starting `skip` samples into `frame` (nil frame = flush).
    func convert(_ frame: Frame?, skip: Int, count: Int, into out: [UnsafeMutablePointer<Float>], capacity: Int) throws -> Int {
        var outPtrs: [UnsafeMutablePointer<UInt8>?] = out.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt8.self) }
        var produced: Int32 = 0
        if let frame {
            let planar = av_sample_fmt_is_planar(AVSampleFormat(rawValue: inFormat)) != 0
            let bytes = Int(av_get_bytes_per_sample(AVSampleFormat(rawValue: inFormat)))
            let planes = planar ? Int(inChannels) : 1
            let step = planar ? bytes * skip : bytes * skip * Int(inChannels)
            let ext = frame.pointer.pointee.extended_data!
            var inPtrs: [UnsafePointer<UInt8>?] = (0..<planes).map { UnsafePointer(ext[$0]! + step) }
            produced = inPtrs.withUnsafeMutableBufferPointer { ip in
                outPtrs.withUnsafeMutableBufferPointer { op in
                    swr_convert(context, op.baseAddress, Int32(capacity), ip.baseAddress, Int32(count))
                }
            }
        } else {
            produced = outPtrs.withUnsafeMutableBufferPointer { op in
                swr_convert(context, op.baseAddress, Int32(capacity), nil, 0)
            }
        }
        try FFmpegError.check(produced, "swr_convert", reading: converting)
        return Int(produced)
    }
}
