import CFreeType

/// Renders glyphs to coverage masks, filled and, with a stroke, grown by the stroke's width with
/// round joins (FreeType's `FT_Stroker`). Positions are kept to a quarter pixel, and a glyph seen
/// again at the same quarter-pixel phase is taken from the cache.
final class GlyphRasterizer {
    struct Masks {
        let fill: GlyphMask
        let stroke: GlyphMask?
    }

    private let stroker: FT_Stroker?
    private let library: FreeTypeLibrary
    private var cache: [Key: Masks] = [:]

    private struct Key: Hashable {
        let face: Int, glyph: UInt32, phaseX: Int, phaseY: Int
    }

    /// `strokeWidth` pixels of border outside each glyph (0: no stroke).
    init(library: FreeTypeLibrary, strokeWidth: Double) throws {
        self.library = library
        guard strokeWidth > 0 else {
            stroker = nil
            return
        }
        var s: FT_Stroker?
        try TextError.check(FT_Stroker_New(library.handle, &s), "FT_Stroker_New")
        stroker = s
        FT_Stroker_Set(s, FT_Fixed((strokeWidth * 64).rounded()), FT_STROKER_LINECAP_ROUND, FT_STROKER_LINEJOIN_ROUND, 0)
    }

    deinit { if let stroker { FT_Stroker_Done(stroker) } }

    /// The masks of `glyph` with its pen at (`x`, `y`) (y down); returns them with the whole pixel
    /// the mask's origin refers to.
    func masks(face: FontFace, faceIndex: Int, glyph: UInt32, x: Double, y: Double) throws -> (masks: Masks, x: Int, y: Int) {
        let qx = (x * 4).rounded(.down), qy = (y * 4).rounded(.down)
        let ix = Int((qx / 4).rounded(.down)), iy = Int((qy / 4).rounded(.down))
        let key = Key(face: faceIndex, glyph: glyph, phaseX: Int(qx) - ix * 4, phaseY: Int(qy) - iy * 4)
        if let m = cache[key] { return (m, ix, iy) }
        let outline = try OutlineGlyph(face: face, glyph: glyph, dx: Double(key.phaseX) / 4, dy: -Double(key.phaseY) / 4)
        var stroke: GlyphMask?
        if let stroker {
            let grown = try outline.copy()
            try grown.strokeOutside(stroker)
            stroke = try grown.mask()
        }
        let m = Masks(fill: try outline.mask(), stroke: stroke)
        cache[key] = m
        return (m, ix, iy)
    }
}
