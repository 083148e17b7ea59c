import CFreeType

/// A glyph image FreeType made (`FT_Glyph`): an outline, then, once stroked or rendered, its
/// replacement. Owns whichever it holds and frees it once.
final class OutlineGlyph {
    private(set) var handle: FT_Glyph

    /// The outline of `glyph` in `face`, moved by (`dx`, `dy`) pixels (y up, as FreeType's).
    init(face: FontFace, glyph: UInt32, dx: Double, dy: Double) throws {
        try TextError.check(FT_Load_Glyph(face.face, glyph, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)), "FT_Load_Glyph")
        var g: FT_Glyph?
        try TextError.check(FT_Get_Glyph(face.face.pointee.glyph, &g), "FT_Get_Glyph")
        guard let g else { throw TextError(.freeType(call: "FT_Get_Glyph", code: -1)) }
        handle = g
        var delta = FT_Vector(x: FT_Pos((dx * 64).rounded()), y: FT_Pos((dy * 64).rounded()))
        try TextError.check(FT_Glyph_Transform(handle, nil, &delta), "FT_Glyph_Transform")
    }

    private init(_ handle: FT_Glyph) { self.handle = handle }

    deinit { FT_Done_Glyph(handle) }

    /// A copy of this glyph (for stroking while the original stays).
    func copy() throws -> OutlineGlyph {
        var c: FT_Glyph?
        try TextError.check(FT_Glyph_Copy(handle, &c), "FT_Glyph_Copy")
        guard let c else { throw TextError(.freeType(call: "FT_Glyph_Copy", code: -1)) }
        return OutlineGlyph(c)
    }

    /// Replaces the outline by its outer border drawn by `stroker`: the glyph grown by the stroke.
    func strokeOutside(_ stroker: FT_Stroker) throws {
        var g: FT_Glyph? = handle
        let code = FT_Glyph_StrokeBorder(&g, stroker, 0, 1)
        if let g { handle = g }
        try TextError.check(code, "FT_Glyph_StrokeBorder")
    }

    /// Renders the outline as an antialiased coverage mask.
    func mask() throws -> GlyphMask {
        var g: FT_Glyph? = handle
        let code = FT_Glyph_To_Bitmap(&g, FT_RENDER_MODE_NORMAL, nil, 1)
        if let g { handle = g }
        try TextError.check(code, "FT_Glyph_To_Bitmap")
        return handle.withMemoryRebound(to: FT_BitmapGlyphRec.self, capacity: 1) { b in
            let bitmap = b.pointee.bitmap
            let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            var pixels = [UInt8](repeating: 0, count: w * h)
            if let buffer = bitmap.buffer, w > 0, h > 0 {
                for r in 0..<h {
                    let row = pitch >= 0 ? buffer + r * pitch : buffer + (r - h + 1) * pitch
                    for c in 0..<w { pixels[r * w + c] = row[c] }
                }
            }
            return GlyphMask(left: Int(b.pointee.left), top: Int(b.pointee.top), width: w, height: h, pixels: pixels)
        }
    }
}

/// A glyph's coverage: `width`×`height` bytes, its top-left `left` pixels right of and `top` pixels
/// above the pen position it was rendered for.
struct GlyphMask {
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let pixels: [UInt8]
}
