import ReelSpec

/// Resolved video encoder settings.
public struct VideoEncoding: Sendable {
    public var codec: VideoCodec
    public var crf: Int?
    public var bitrate: Int?
    public var maxBitrate: Int?
    public var preset: String
    public var profile: String?
    /// Frames between keyframes.
    public var gopSize: Int

    /// The FFmpeg encoder that implements the codec.
    public var encoderName: String {
        switch codec {
        case .h264: return "libx264"
        case .hevc: return "libx265"
        case .vp9: return "libvpx-vp9"
        }
    }
}
