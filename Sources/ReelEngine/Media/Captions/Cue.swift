import ReelSpec

/// One timed piece of text from a caption file: shown from `start` to `end` (source file times).
public struct Cue: Sendable, Equatable {
    public var start: Time
    public var end: Time
    /// The cue's lines joined with `\n`, markup stripped and entities decoded.
    public var text: String
    /// The words with their own start where the file gives one (WebVTT's inline `<00:00:01.200>`).
    public var words: [CueWord]
}

/// A word of a cue and, when the file times it, when it is spoken.
public struct CueWord: Sendable, Equatable {
    public var text: String
    public var start: Time?
}
