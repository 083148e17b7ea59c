import ReelSpec

/// The picture of a title or a captions track at a time into its overlay: text blocks set and
/// rendered once (a title when it first shows, a cue when it begins), then per frame only the
/// typewriter's reveal and the spoken word's highlight are chosen (each state composed once).
final class TextProducer {
    private let text: TextPlan
    private let cues: [Cue]?
    private let highlight: Color?
    private let duration: Time
    /// The SDR matrix text is composed in (BT.709 under an HDR canvas, which `placer` then takes
    /// the pictures onto).
    private let matrix: CanvasColor
    private let placer: LayerColorConverter?
    private let maxWidth: Double?
    /// The cues' indices by start (then file order), and the latest end among the first k of them:
    /// the cue showing at a time is found by a binary search, not a scan of every cue per frame.
    private let byStart: [Int]
    private let latestEnd: [Time]
    /// The block on screen: the title, or the current cue's (with its index).
    private var current: (cue: Int, picture: TextPicture, words: [Range<Int>])?

    init(_ text: TextPlan, cues: [Cue]? = nil, highlight: Color? = nil, duration: Time, frameWidth: Int,
         color: CanvasColor, depth: SampleDepth = .eight) {
        self.text = text
        self.cues = cues
        self.highlight = highlight
        self.duration = duration
        matrix = color.isHDR ? .bt709 : color
        placer = color.isHDR ? LayerColorConverter(canvas: color, depth: depth) : nil
        maxWidth = text.style.maxWidth.map { $0 * Double(frameWidth) }
        let all = cues ?? []
        byStart = all.indices.sorted { all[$0].start < all[$1].start || (all[$0].start == all[$1].start && $0 < $1) }
        var ends: [Time] = []
        for i in byStart { ends.append(ends.last.map { Time.max($0, all[i].end) } ?? all[i].end) }
        latestEnd = ends
    }

    /// The cue showing at `t`: of those that have started and not ended, the one that started last.
    func cueIndex(at t: Time) -> Int? {
        guard let cues else { return nil }
        var lo = 0, hi = byStart.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if t < cues[byStart[mid]].start { hi = mid } else { lo = mid + 1 }
        }
        var k = lo - 1
        while k >= 0, t < latestEnd[k] {
            if t < cues[byStart[k]].end { return byStart[k] }
            k -= 1
        }
        return nil
    }

    /// The layer `t` into the overlay, or nil when nothing shows (between cues), on the canvas.
    func picture(at t: Time) throws -> Frame? {
        guard let sdr = try composed(at: t) else { return nil }
        return try placer?.convert(sdr) ?? sdr
    }

    /// The layer as text is composed (SDR).
    private func composed(at t: Time) throws -> Frame? {
        guard let cues else {
            let block = try block(-1, text.style.text)
            return try block.picture.frame(revealed: revealed(block.picture, at: t, phaseStart: .zero, length: duration))
        }
        guard let i = cueIndex(at: t) else {
            current = nil
            return nil
        }
        let cue = cues[i]
        let block = try block(i, cue.text)
        var word: Range<Int>?
        if highlight != nil, let w = CueTiming.currentWord(cue, words: block.words, at: t) { word = block.words[w] }
        return try block.picture.frame(revealed: revealed(block.picture, at: t, phaseStart: cue.start, length: cue.end - cue.start),
                                       highlight: word, highlightColor: highlight)
    }

    private func block(_ index: Int, _ string: String) throws -> (cue: Int, picture: TextPicture, words: [Range<Int>]) {
        if let c = current, c.cue == index { return c }
        let s = text.style
        let layout = try TextLayout(text: string, chain: text.chain, size: s.size, lineHeight: s.lineHeight, align: s.align,
                                    maxWidth: maxWidth)
        let b = (index, try TextPicture(layout: layout, style: s, matrix: matrix), CueTiming.wordRanges(layout.scalars))
        current = b
        return b
    }

    /// How many characters the typewriter shows `t` into a block shown from `phaseStart` for `length`
    /// (all of them without a typewriter or after its in-phase).
    private func revealed(_ p: TextPicture, at t: Time, phaseStart: Time, length: Time) -> Int? {
        guard let a = text.typewriter else { return nil }
        let total = seconds(length)
        let inPhase = a.duration.map(seconds) ?? 0.2 * total
        let u = (seconds(t) - seconds(phaseStart)) / inPhase
        guard inPhase > 0, u < 1 else { return nil }
        return max(0, Int((u * Double(p.characterCount)).rounded(.down)))
    }

    private func seconds(_ t: Time) -> Double { Double(t.value) / Double(t.timescale) }
}
