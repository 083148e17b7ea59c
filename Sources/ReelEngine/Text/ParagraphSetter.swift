import CHarfBuzz

/// One paragraph's line breaking and line shaping: its bidi levels, scripts and faces per scalar,
/// shaped once whole to measure (each scalar's share of the advances), then broken greedily at
/// line-break opportunities, and each line shaped again on its own.
struct ParagraphSetter {
    let codes: [UInt32]
    let fonts: [Int]
    let faces: [FontFace]
    let shaper: TextShaper
    let bidi: BidiParagraph
    let scripts: [hb_script_t]

    init(codes: [UInt32], fonts: [Int], faces: [FontFace], shaper: TextShaper) {
        self.codes = codes
        self.fonts = fonts
        self.faces = faces
        self.shaper = shaper
        bidi = BidiParagraph(codes)
        scripts = TextShaper.scripts(codes)
    }

    /// Ranges of one face, level and script inside `range`, in logical order.
    func runs(_ range: Range<Int>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = range.lowerBound
        for i in range where i > start {
            if fonts[i] != fonts[start] || bidi.levels[i] != bidi.levels[start] || scripts[i] != scripts[start] {
                out.append(start..<i)
                start = i
            }
        }
        if start < range.upperBound { out.append(start..<range.upperBound) }
        return out
    }

    /// The glyphs of `range` from left to right: each run shaped, the runs in visual order (L2).
    func shapeLine(_ range: Range<Int>) -> [ShapedGlyph] {
        let runs = runs(range)
        let order = BidiParagraph.visualOrder(runLevels: runs.map { bidi.levels[$0.lowerBound] })
        return order.flatMap { k -> [ShapedGlyph] in
            let run = runs[k]
            return shaper.shape(codes, run: run, face: faces[fonts[run.lowerBound]], faceIndex: fonts[run.lowerBound],
                                rightToLeft: bidi.levels[run.lowerBound] % 2 == 1, script: scripts[run.lowerBound])
        }
    }

    /// The lines: without `maxWidth` the whole paragraph; with it, the most that fits up to each
    /// break opportunity (trailing spaces hang past the edge), a word wider than a line broken
    /// between its clusters as a last resort. Trailing white space is left out of each line.
    func lines(maxWidth: Double?) -> [Range<Int>] {
        guard !codes.isEmpty else { return [0..<0] }
        guard let maxWidth else { return [0..<trimmed(0..<codes.count)] }
        let advance = advances()
        var prefix = [0.0]
        for a in advance { prefix.append(prefix.last! + a) }
        let breaks = LineBreaker.opportunities(codes)
        var out: [Range<Int>] = []
        var start = 0
        while start < codes.count {
            var end: Int?
            var j = start
            while j < codes.count {
                // Past the edge with a visible character: no later opportunity can fit either, so
                // the scan stops here (without this, a long run with no opportunity is quadratic).
                if prefix[j + 1] - prefix[start] > maxWidth + 1e-6, !isSpace(codes[j]) { break }
                if breaks[j] != .none || j == codes.count - 1 {
                    let e = j + 1
                    let visible = trimmed(start..<e)
                    if prefix[visible] - prefix[start] <= maxWidth + 1e-6 || visible == start {
                        end = e
                        if breaks[j] == .must { break }
                    } else {
                        break
                    }
                }
                j += 1
            }
            if end == nil {
                // No opportunity fits: as many whole clusters as fit, at least one.
                var e = start + 1
                while e < codes.count && advance[e] == 0 { e += 1 }
                while e < codes.count {
                    var next = e + 1
                    while next < codes.count && advance[next] == 0 { next += 1 }
                    guard prefix[next] - prefix[start] <= maxWidth else { break }
                    e = next
                }
                end = e
            }
            out.append(start..<trimmed(start..<end!))
            start = end!
        }
        return out
    }

    /// `range`'s end with trailing white space left out.
    private func trimmed(_ range: Range<Int>) -> Int {
        var e = range.upperBound
        while e > range.lowerBound, isSpace(codes[e - 1]) { e -= 1 }
        return e
    }

    private func isSpace(_ code: UInt32) -> Bool { Unicode.Scalar(code)?.properties.isWhitespace ?? false }

    /// Each scalar's share of the paragraph's width: a cluster's advances go to its first scalar.
    private func advances() -> [Double] {
        var out = [Double](repeating: 0, count: codes.count)
        for run in runs(0..<codes.count) {
            let glyphs = shaper.shape(codes, run: run, face: faces[fonts[run.lowerBound]], faceIndex: fonts[run.lowerBound],
                                      rightToLeft: bidi.levels[run.lowerBound] % 2 == 1, script: scripts[run.lowerBound])
            for g in glyphs where g.cluster < out.count { out[g.cluster] += g.advance }
        }
        return out
    }
}
