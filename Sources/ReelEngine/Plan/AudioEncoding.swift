import ReelSpec

/// Resolved audio encoder settings.
public struct AudioEncoding: Sendable {
    public var codec: AudioCodec
    public var bitrate: Int
    public var sampleRate: Int
    public var channels: Int
}
