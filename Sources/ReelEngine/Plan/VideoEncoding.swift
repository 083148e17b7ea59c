import ReelSpec

/// Resolved video encoder settings.
struct VideoEncoding: Sendable {
    var codec: VideoCodec
    var crf: Int?
    var bitrate: Int?
    var maxBitrate: Int?
    var preset: String
    var profile: String?
    /// Frames between keyframes.
    var gopSize: Int
    /// The x264 preset for the frames a passthrough render encodes between copied ones: the spec's
    /// `preset` when it gives one, else `ultrafast`. Those frames are few and already at CRF 16, so
    /// speed counts more than their bytes: at 1080p x264 encodes them about 8 times faster than at
    /// `veryfast` (docs/PERFORMANCE.md, "Passthrough").
    var splicePreset = "ultrafast"

    /// The FFmpeg encoder that implements the codec.
    var encoderName: String {
        switch codec {
        case .h264: return "libx264"
        case .hevc: return "libx265"
        case .vp9: return "libvpx-vp9"
        case .prores: return "prores_ks"
        }
    }
}
