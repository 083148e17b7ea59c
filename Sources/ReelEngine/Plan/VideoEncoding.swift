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
