import ReelSpec

extension RenderPlanner {
    /// The video encoder's settings: the spec's, else the format's codec (VP9 for webm, H.264
    /// otherwise) at `veryfast` and its constant-quality default (CRF 23 for H.264/HEVC, 32 for VP9,
    /// whose scale differs; 18 and 24 for the `highest` preset, 16 for `passthrough`), with a keyframe every 2 s, counted
    /// in frames of the output rate.
    static func videoEncoding(_ out: OutputSpec, frameRate fps: Rational) -> VideoEncoding {
        let v = out.video
        let codec = v.codec ?? SpecDecoder.defaultVideoCodec(for: out.format, color: out.color) ?? .h264
        let defaultCRF = codec == .vp9 ? (out.preset == .highest ? 24 : 32)
            : out.preset == .passthrough ? passthroughCRF : (out.preset == .highest ? 18 : 23)
        let keyframeSeconds = v.keyframeInterval ?? Time(seconds: 2)
        let gop = max(1, Int(Time.divide(Int128(keyframeSeconds.value) * Int128(fps.numerator),
                                         Int128(keyframeSeconds.timescale) * Int128(fps.denominator), rounding: .nearest)))
        var encoding = VideoEncoding(
            codec: codec,
            crf: v.bitrate == nil && codec != .prores ? (v.crf ?? defaultCRF) : nil,
            bitrate: v.bitrate, maxBitrate: v.maxBitrate,
            preset: v.preset ?? "veryfast", profile: v.profile ?? (codec == .prores ? "hq" : out.color.isHDR ? "main10" : nil),
            gopSize: codec == .prores ? 1 : gop)
        if let p = v.preset { encoding.splicePreset = p }
        return encoding
    }

    /// `output.color` with `auto` decided: HLG when the first clip is HDR and the output can carry it
    /// (mp4, mov or m4v; HEVC or ProRes; no passthrough), else SDR.
    static func resolve(_ out: OutputSpec, firstColor: ColorDescription?) -> OutputColor {
        guard out.color == .auto else { return out.color }
        let codecOK = out.video.codec.map { OutputColor.hdrCodecs.contains($0) } ?? true
        let profileOK = out.video.codec == .prores || out.video.profile.map { $0 == "main10" } ?? true
        guard firstColor?.hdr != nil, OutputColor.hdrFormats.contains(out.format), codecOK, profileOK,
              out.preset != .passthrough else { return .sdr }
        return .hlg
    }

    /// Passthrough encodes only the frames that must change, between copies of the source's own
    /// frames: they are encoded near-transparently so the seams do not show.
    static let passthroughCRF = 16

    /// The audio encoder's settings: the spec's, else the format's codec (Opus for webm, 16-bit
    /// PCM beside ProRes, AAC otherwise) at 128 kb/s (for the codecs that compress), 48 kHz stereo.
    static func audioEncoding(_ out: OutputSpec) -> AudioEncoding {
        let a = out.audio
        let codec = a.codec ?? (out.format == .webm ? .opus : out.video.codec == .prores ? .pcm : .aac)
        // 5.1 gets the bits of two and a half stereo pairs by default.
        return AudioEncoding(codec: codec, bitrate: a.bitrate ?? (a.channels == 6 ? 320_000 : 128_000),
                             sampleRate: a.sampleRate ?? 48_000, channels: a.channels ?? 2, loudness: a.loudness)
    }

    /// Output size: explicit, else the largest input display size (fitted into a size preset's box).
    static func outputSize(_ out: OutputSpec, inputs: [(Int, Int)]) -> (width: Int, height: Int) {
        if let w = out.width, let h = out.height { return (w, h) }
        var size = inputs.max { $0.0 * $0.1 < $1.0 * $1.1 } ?? (out.preset?.box ?? fallbackSize)
        if let box = out.preset?.box, size.0 > box.width || size.1 > box.height {
            let s = min(Double(box.width) / Double(size.0), Double(box.height) / Double(size.1))
            size = (Int((Double(size.0) * s).rounded(.down)), Int((Double(size.1) * s).rounded(.down)))
        }
        let even = { (v: Int) in max(16, min(8192, (v + 1) & ~1)) }
        return (even(size.0), even(size.1))
    }

    /// Snaps a measured average rate to the nearest standard rate when within 0.02 % of it (closer
    /// than 30 is to 29.97), so that a container's rounded average still yields the exact rate.
    static func nominal(_ r: Rational) -> Rational {
        let v = r.approximateValue
        let nearest = standardRates.min { abs($0.approximateValue - v) < abs($1.approximateValue - v) }!
        return abs(nearest.approximateValue - v) / nearest.approximateValue < 0.0002 ? nearest : r
    }
}
