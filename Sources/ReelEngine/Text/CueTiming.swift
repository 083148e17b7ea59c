import ReelSpec

/// When each word of a cue is spoken: from WebVTT's inline timestamps where the file has them,
/// otherwise the cue's time shared among its words in proportion to their length.
enum CueTiming {
    /// The scalar ranges of the words of a laid-out text (runs without White_Space), in order: the
    /// same words `CaptionParser` times, split by the same rule (`CueWord.separates`).
    static func wordRanges(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start: Int?
        for (i, s) in scalars.enumerated() {
            if CueWord.separates(s) {
                if let st = start { out.append(st..<i) }
                start = nil
            } else if start == nil {
                start = i
            }
        }
        if let st = start { out.append(st..<scalars.count) }
        return out
    }

    /// The index of the word being spoken at `t` (cue times), nil before the first.
    static func currentWord(_ cue: Cue, words: [Range<Int>], at t: Time) -> Int? {
        guard !words.isEmpty else { return nil }
        let starts = wordStarts(cue, words: words)
        return starts.lastIndex { !(t < $0) }
    }

    /// Each word's start: its inline timestamp (a word without one starts with the word before it,
    /// or the cue), or its share of the cue by length when the cue has no timestamps.
    static func wordStarts(_ cue: Cue, words: [Range<Int>]) -> [Time] {
        let timed = cue.words.count == words.count && cue.words.contains { $0.start != nil }
        if timed {
            var last = cue.start
            return cue.words.map { w in
                if let s = w.start, !(s < cue.start) { last = s }
                return last
            }
        }
        let lengths = words.map { Int64($0.count) }
        let total = max(1, lengths.reduce(0, +))
        let span = cue.end - cue.start
        var before: Int64 = 0
        return lengths.map { n in
            defer { before += n }
            return cue.start + span.scaled(by: Rational(before, total))
        }
    }
}
