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

extension CueWord {
    /// The one rule that splits words, for the parser's timed words and the renderer's highlighted
    /// ones alike: Unicode White_Space (no-break and ideographic spaces too) ends a word.
    static func separates(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace }

    /// Controls that are not white space take no part in a word (the text stack drops them).
    static func isDropped(_ s: Unicode.Scalar) -> Bool { s.properties.generalCategory == .control && !separates(s) }
}
