/// Blurs one plane (8- or 10-bit samples) in place with three passes of a box filter horizontally and three vertically
/// — close to a gaussian of σ ≈ radius (the variance of three boxes of width 2r+1 is r² + r) — at a cost
/// per sample that does not depend on the radius: each pass slides a running sum. Pixels beyond the
/// border repeat the border (so a flat plane stays exactly flat).
///
/// Memory is one padded row, one row of column sums and a ring of `radius + 1` original rows for the
/// vertical passes, which run row by row (cache-friendly) instead of column by column.
struct BoxBlur<S: PlaneSample> {
    let radius: Int
    let passes = 3
    private let padded = ScratchBuffer<S>()
    private let sums = ScratchBuffer<Int32>()
    private let ring = ScratchBuffer<S>()

    /// A blur whose three box passes each span `2·radius + 1` samples (0 leaves planes unchanged).
    init(radius: Int) { self.radius = radius }

    /// Blurs the `width`×`height` plane.
    func apply(to plane: PlaneView<S>, width: Int, height: Int) {
        guard radius > 0, width > 0, height > 0 else { return }
        for _ in 0..<passes {
            for y in 0..<height { horizontal(plane.row(y), width: width) }
        }
        for _ in 0..<passes { vertical(plane, width: width, height: height) }
    }

    /// `sum / (2r+1)`, rounded, as a multiply and shift (exact for every sum of 8-bit samples, within
    /// one step of 10-bit ones).
    private var reciprocal: Int { ((1 << 24) + radius) / (2 * radius + 1) }

    /// One box pass along a row, through a copy padded with the border samples.
    private func horizontal(_ row: UnsafeMutablePointer<S>, width: Int) {
        let r = radius, inv = reciprocal
        let p = padded.reserve(width + 2 * r)
        p.update(repeating: row[0], count: r)
        (p + r).update(from: row, count: width)
        (p + r + width).update(repeating: row[width - 1], count: r)
        var sum = 0
        for i in 0...(2 * r) { sum += Int(p[i]) }
        for x in 0..<width {
            row[x] = S(truncatingIfNeeded: (sum &* inv &+ (1 << 23)) &>> 24)
            if x + 1 < width { sum += Int(p[x + 2 * r + 1]) - Int(p[x]) }
        }
    }

    /// One box pass down the columns, row by row: a running sum per column, with the rows that
    /// leave the window kept in the ring because they have been overwritten by then.
    private func vertical(_ plane: PlaneView<S>, width: Int, height: Int) {
        let r = radius, inv = reciprocal
        let s = sums.reserve(width), ring = self.ring.reserve((r + 1) * width)
        // Sum of rows −r…r around row 0, the rows above the top repeating row 0.
        let top = plane.row(0)
        for x in 0..<width { s[x] = Int32(r + 1) &* top[x].int32 }
        for k in 1...r {
            let src = plane.row(min(k, height - 1))
            for x in 0..<width { s[x] &+= src[x].int32 }
        }
        for y in 0..<height {
            let row = plane.row(y)
            // Keep the original row: it leaves the window r rows later, after being overwritten here.
            (ring + (y % (r + 1)) * width).update(from: row, count: width)
            for x in 0..<width { row[x] = S(truncatingIfNeeded: (Int(s[x]) &* inv &+ (1 << 23)) &>> 24) }
            guard y + 1 < height else { break }
            let enter = plane.row(min(y + r + 1, height - 1)), leave = ring + (max(y - r, 0) % (r + 1)) * width
            for x in 0..<width { s[x] = s[x] &+ enter[x].int32 &- leave[x].int32 }
        }
    }
}
