/// A glyph placed by shaping: which face and glyph, the character it came from (the first scalar of
/// its cluster, as an index into the paragraph), and its advance and offsets in pixels.
struct ShapedGlyph {
    var face: Int
    var glyph: UInt32
    var cluster: Int
    var advance: Double
    var offsetX: Double
    var offsetY: Double
}
