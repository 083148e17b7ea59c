/// Where a premultiplied picture's alpha is non-zero, by blocks of each row: found while the picture
/// is written (`PremultipliedARGB`), so the compositor skips what is transparent. A Lottie frame
/// drawn over the whole canvas is mostly empty (a sixth to a third covered, typically), and laying
/// its empty blocks, which leave the canvas exactly as it was, was most of its compositing time.
///
/// A row is at most 64 blocks (one `UInt64`); a block is `blockWidth` pixels, even, so a block pair
/// of rows maps onto whole chroma samples.
struct AlphaCoverage {
    let blockWidth: Int
    /// Per picture row: bit `b` is set when a pixel of columns `b·blockWidth ..< (b+1)·blockWidth`
    /// has a non-zero alpha.
    let masks: [UInt64]
    /// The picture's column and row that the layer image's first pixel is (a crop's origin).
    private(set) var originX = 0, originY = 0

    /// The block width for pictures `width` wide: at least 32 pixels, at most 64 blocks a row.
    static func blockWidth(for width: Int) -> Int { (max(32, (width + 63) / 64) + 1) & ~1 }

    init(blockWidth: Int, masks: [UInt64]) {
        self.blockWidth = blockWidth
        self.masks = masks
    }

    /// The same coverage for an image that starts at the picture's (`x`, `y`).
    func cropped(x: Int, y: Int) -> AlphaCoverage {
        var c = self
        c.originX = x
        c.originY = y
        return c
    }

    /// The blocks of the image's row `y`.
    @inline(__always)
    func mask(row y: Int) -> UInt64 { masks[y + originY] }

    /// The blocks of rows `rows` (the image's; clamped to the picture, which holds the image) with
    /// any non-zero pixel, and their neighbours either side: a chroma sample laid at an odd origin
    /// reads a column beyond its own two, so a clear block here means every layer sample such a
    /// sample may read there is transparent.
    func chromaMask(rows: ClosedRange<Int>) -> UInt64 {
        let first = max(rows.lowerBound, -originY), last = min(rows.upperBound, masks.count - 1 - originY)
        var m: UInt64 = 0
        if first <= last { for y in first...last { m |= mask(row: y) } }
        return m | m << 1 | m >> 1
    }

    /// Calls `body` with each run of the image's columns within `columns` that lies in set blocks of
    /// `mask`, left to right.
    @inline(__always)
    func runs(_ mask: UInt64, in columns: Range<Int>, _ body: (Range<Int>) -> Void) {
        var m = mask
        while m != 0 {
            let first = m.trailingZeroBitCount
            let length = (~(m >> UInt64(first))).trailingZeroBitCount
            let lo = max(first * blockWidth - originX, columns.lowerBound)
            let hi = min((first + length) * blockWidth - originX, columns.upperBound)
            if lo < hi { body(lo..<hi) }
            guard first + length < 64 else { return }
            m &= ~((UInt64(1) << UInt64(first + length)) &- 1)
        }
    }
}
