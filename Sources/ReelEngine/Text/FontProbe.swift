import CFreeType
import ReelSpec

/// What an uploaded font holds, read by FreeType: the first face's family and style, its glyph
/// count, and how many faces the file has (a TTC holds several).
public enum FontProbe {
    /// The probe as JSON (`{family, style, glyphs, faces}`); `TextError.unreadableFont` for a file
    /// FreeType cannot open or that has no scalable outlines.
    public static func probe(path: String) throws -> JSONValue {
        let face = try FontFace(FontRef(path: path, index: 0), size: 16, library: try FreeTypeLibrary())
        return .object([
            ("format", .string("font")), ("family", .string(face.familyName)), ("style", .string(face.styleName)),
            ("glyphs", .number(String(face.glyphCount))), ("faces", .number(String(face.face.pointee.num_faces))),
        ])
    }
}
