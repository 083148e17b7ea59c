import CFreeType
import CHarfBuzz

/// A FreeType face at one pixel size, with the HarfBuzz font that shapes with it. Owns both handles
/// (and keeps its library alive); not thread-safe, like FreeType itself.
final class FontFace {
    let ref: FontRef
    let face: FT_Face
    let font: OpaquePointer
    private let library: FreeTypeLibrary
    /// Ascender and descender (positive, below the baseline) in pixels at this size.
    let ascender: Double
    let descender: Double

    /// Opens `ref` at `size` pixels. A file FreeType cannot read is `.unreadableFont`.
    init(_ ref: FontRef, size: Double, library: FreeTypeLibrary) throws {
        self.ref = ref
        self.library = library
        var f: FT_Face?
        let code = FT_New_Face(library.handle, ref.path, FT_Long(ref.index), &f)
        guard code == 0, let f else { throw TextError(.unreadableFont(path: ref.path, code: code)) }
        face = f
        // Scalable outlines only: a bitmap-only face cannot be drawn at any size, nor stroked.
        guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(f)
            throw TextError(.unreadableFont(path: ref.path, code: 3))  // FT_Err_Invalid_File_Format
        }
        let sizeCode = FT_Set_Char_Size(f, 0, FT_F26Dot6((size * 64).rounded()), 72, 72)
        guard sizeCode == 0, let hb = hb_ft_font_create_referenced(f) else {
            FT_Done_Face(f)
            throw TextError(.freeType(call: "FT_Set_Char_Size", code: sizeCode))
        }
        // Unhinted: advances and outlines at their design proportions, so a title scales smoothly
        // and shapes exactly as HarfBuzz's own OpenType functions would.
        hb_ft_font_set_load_flags(hb, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
        font = hb
        let metrics = f.pointee.size.pointee.metrics
        ascender = Double(metrics.ascender) / 64
        descender = -Double(metrics.descender) / 64
    }

    deinit {
        hb_font_destroy(font)
        FT_Done_Face(face)
    }

    /// The face's family name as the file states it.
    var familyName: String { face.pointee.family_name.map { String(cString: $0) } ?? "" }
    var styleName: String { face.pointee.style_name.map { String(cString: $0) } ?? "" }
    var glyphCount: Int { Int(face.pointee.num_glyphs) }

    func hasGlyph(_ s: Unicode.Scalar) -> Bool { FT_Get_Char_Index(face, FT_ULong(s.value)) != 0 }
}
