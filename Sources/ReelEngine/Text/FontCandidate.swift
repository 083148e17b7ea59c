import CFontconfig

/// One installed face and the characters it covers (a copy of fontconfig's charset, freed once).
///
/// `@unchecked Sendable`, proven here: every property is a constant set in `init`, and the charset
/// (a C pointer the compiler cannot judge) is a private copy that is only ever read
/// (`FcCharSetHasChar`) after `init` and destroyed once in `deinit`; reads of an unchanging charset
/// from several threads are safe.
final class FontCandidate: @unchecked Sendable {
    let ref: FontRef
    let family: String
    private let charset: OpaquePointer

    /// Nil for a pattern without a file or charset (fontconfig lists none such for real files), and
    /// for a face without outlines.
    init?(_ pattern: OpaquePointer) {
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        var family: UnsafeMutablePointer<FcChar8>?
        var cs: OpaquePointer?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
              FcPatternGetCharSet(pattern, FC_CHARSET, 0, &cs) == FcResultMatch, let cs, let copy = FcCharSetCopy(cs) else { return nil }
        // Bitmap-only faces (no outlines) cannot be scaled to a title's size: never a fallback.
        var outline: FcBool = FcBool(FcTrue)
        if FcPatternGetBool(pattern, FC_OUTLINE, 0, &outline) == FcResultMatch, outline == FcBool(FcFalse) { return nil }
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        _ = FcPatternGetString(pattern, FC_FAMILY, 0, &family)
        ref = FontRef(path: String(cString: file), index: Int(index))
        self.family = family.map { String(cString: $0) } ?? ""
        charset = copy
    }

    deinit { FcCharSetDestroy(charset) }

    func covers(_ s: Unicode.Scalar) -> Bool { FcCharSetHasChar(charset, s.value) != 0 }
}
