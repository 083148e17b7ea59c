import ReelSpec

/// How an `hls` output is written: segments of `segmentDuration` (each starting on a keyframe, the
/// same frames in every rendition) and the video renditions, largest first, each the output's
/// picture at its size (drawn at it, `RenderPlan.renditionCanvas`, or scaled from the output's canvas).
struct HLSPlan: Sendable {
    struct Rendition: Sendable, Equatable {
        var width: Int
        var height: Int
        /// Target bitrate; nil is the output's constant quality.
        var bitrate: Int?

        /// Playlist and file names: `video_720p.m3u8`, `video_720p_init.mp4`, `video_720p_00001.m4s`.
        var name: String { "video_\(height)p" }
    }

    var segmentDuration: Time
    var renditions: [Rendition]
    /// `output.hls.progressive`: written in place, its playlists growing as segments finish.
    var progressive = false
}
