/// Which of a source's audio streams an item plays (AVMediaSelectionGroup's choice): by language,
/// or by position among the source's audio streams. Without one, the source's default stream.
public enum AudioTrackSelection: Sendable, Equatable {
    /// An ISO 639-2 code as containers store it (`spa`, `eng`).
    case language(String)
    /// The n-th audio stream of the source, counting from 0.
    case index(Int)
}
