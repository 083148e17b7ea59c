/// `output.hls`: how an `hls` output is cut and which renditions it offers.
public struct HLSSpec: Sendable, Equatable {
    /// Seconds per segment (every segment starts on a keyframe); default 4.
    public var segmentDuration = Time(seconds: 4)
    /// The video renditions, largest first; default one at the output's size.
    public var renditions: [HLSRendition] = []
    /// Playlists that grow while the job renders (EVENT playlists, `#EXT-X-ENDLIST` at the end),
    /// so a player can start on the first segment instead of waiting for the last.
    public var progressive = false

    public init() {}
}

/// One video rendition of an HLS output: its height (the width keeps the output's aspect) and its
/// target bitrate (default: constant quality).
public struct HLSRendition: Sendable, Equatable {
    public var height: Int
    public var videoBitrate: Int?

    public init(height: Int, videoBitrate: Int? = nil) {
        self.height = height
        self.videoBitrate = videoBitrate
    }
}
