/// A soft subtitle track of the output (`output.subtitles`): an SRT or WebVTT file whose cue times
/// are timeline times, muxed as a selectable track (mov_text in MP4/MOV, WebVTT in WebM).
public struct SubtitleTrackSpec: Sendable, Equatable {
    public var src: String
    /// ISO 639-2 (`spa`).
    public var language: String?
    /// The name a player shows for the track.
    public var title: String?
    /// Shown without the viewer choosing it.
    public var isDefault = false

    public init(src: String) { self.src = src }
}
