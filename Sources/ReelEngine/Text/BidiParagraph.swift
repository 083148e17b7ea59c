import CFriBidi

/// The Unicode bidirectional algorithm (UAX #9, by FriBidi) over one paragraph: the embedding level
/// of every character, the paragraph's direction taken from its first strong character. Odd levels
/// run right to left, so Hebrew inside an English line gets level 1 in a level-0 paragraph.
struct BidiParagraph {
    let levels: [UInt8]
    let isRightToLeft: Bool

    init(_ scalars: [UInt32]) {
        let n = scalars.count
        guard n > 0 else {
            levels = []
            isRightToLeft = false
            return
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var out = [FriBidiLevel](repeating: 0, count: n)
        var direction = reel_fribidi_par_on
        let ok = scalars.withUnsafeBufferPointer { s -> Bool in
            fribidi_get_bidi_types(s.baseAddress, FriBidiStrIndex(n), &types)
            fribidi_get_bracket_types(s.baseAddress, FriBidiStrIndex(n), types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &direction, &out) != 0
        }
        // FriBidi fails only when it cannot allocate; everything left to right is then the safe reading.
        levels = ok ? out.map { UInt8(bitPattern: $0) } : [UInt8](repeating: 0, count: n)
        isRightToLeft = ok && direction == reel_fribidi_par_rtl
    }

    /// The order in which runs (given in logical order with their levels) are shown from left to
    /// right: rule L2, reversing every maximal sequence at or above each level from the highest down
    /// to the lowest odd one.
    static func visualOrder(runLevels: [UInt8]) -> [Int] {
        var order = Array(runLevels.indices)
        guard let highest = runLevels.max(), let lowest = runLevels.min() else { return order }
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        guard highest >= lowestOdd else { return order }
        for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
            var i = 0
            while i < order.count {
                guard runLevels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && runLevels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
        }
        return order
    }
}
