import ReelSpec

/// Resolved audio encoder settings.
struct AudioEncoding: Sendable, Equatable {
    var codec: AudioCodec
    var bitrate: Int
    var sampleRate: Int
    var channels: Int
    /// A loudness target and true-peak ceiling for the mix (`Mixdown`).
    var loudness: LoudnessSpec?
}
