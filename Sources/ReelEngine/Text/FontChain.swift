import Foundation

/// The fonts one text block draws with: the requested face (a system family through fontconfig, or a
/// font file), then fontconfig's fallbacks. Assigns each character of a text the first face that has
/// a glyph for it, so a title in one font may borrow CJK or Arabic from another, and reports the
/// characters no face has instead of drawing empty boxes.
struct FontChain: Sendable {
    /// The requested face; its metrics set the line height.
    let primary: FontRef
    /// Characters the file given as the font covers (nil when the primary comes from fontconfig).
    private let fileCoverage: Set<UInt32>?
    private let candidates: [FontCandidate]

    /// A chain for a system `family` (nil: the default sans-serif). An unknown family is refused.
    init(family: String?, weight: Int, italic: Bool) throws {
        let library = FontLibrary.shared
        if let family, !library.hasFamily(family) { throw TextError(.unknownFamily(family)) }
        candidates = library.candidates(family: family, weight: weight, italic: italic)
        guard let first = candidates.first else { throw TextError(.unknownFamily(family ?? "sans-serif")) }
        primary = first.ref
        fileCoverage = nil
    }

    /// A chain whose first face is the font file at `path` (face 0 of a collection); fallbacks are the
    /// system's sans-serif at the same weight and style. A file FreeType cannot open is refused.
    init(fontFile path: String, weight: Int, italic: Bool, text: String) throws {
        let face = try FontFace(FontRef(path: path, index: 0), size: 16, library: try FreeTypeLibrary())
        primary = face.ref
        fileCoverage = Set(text.unicodeScalars.filter(face.hasGlyph).map(\.value))
        candidates = FontLibrary.shared.candidates(family: nil, weight: weight, italic: italic)
    }

    /// The face for each scalar of `scalars`. Marks and invisible format characters stay in the face
    /// of the character before them when it has them (or always, for the invisible ones), so a base
    /// and its accents shape together. Throws `.missingGlyphs` listing every uncovered character.
    func faces(for scalars: [Unicode.Scalar]) throws -> [FontRef] {
        var out: [FontRef] = []
        out.reserveCapacity(scalars.count)
        // In text order, each once; the set keeps a text of many distinct missing characters linear.
        var missing: [Unicode.Scalar] = []
        var seen = Set<Unicode.Scalar>()
        for s in scalars {
            if FontChain.needsNoGlyph(s) {
                out.append(out.last ?? primary)
                continue
            }
            if FontChain.isMark(s), let previous = out.last, covers(previous, s) {
                out.append(previous)
                continue
            }
            if covers(primary, s) {
                out.append(primary)
            } else if let fallback = candidates.first(where: { $0.covers(s) }) {
                out.append(fallback.ref)
            } else {
                if seen.insert(s).inserted { missing.append(s) }
                out.append(primary)
            }
        }
        guard missing.isEmpty else { throw TextError(.missingGlyphs(missing)) }
        return out
    }

    private func covers(_ ref: FontRef, _ s: Unicode.Scalar) -> Bool {
        if ref == primary, let fileCoverage { return fileCoverage.contains(s.value) }
        return candidates.first { $0.ref == ref }?.covers(s) ?? false
    }

    /// Line ends, controls and default-ignorable characters (joiners, bidi marks, variation
    /// selectors): shaping hides them, so no face needs a glyph.
    static func needsNoGlyph(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        return p.generalCategory == .control || p.isDefaultIgnorableCodePoint || p.generalCategory == .lineSeparator
            || p.generalCategory == .paragraphSeparator
    }

    static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
