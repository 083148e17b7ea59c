/// What a stream of a media file carries, as `reel probe` and `POST /v1/probe` name it.
public enum MediaStreamType: String, Sendable {
    case video
    case audio
    case subtitle
    case data
    /// A picture attached to the file (an audio file's cover art): video to FFmpeg, never a clip.
    case attachment
    case other
}
