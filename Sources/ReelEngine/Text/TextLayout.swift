import CHarfBuzz
import ReelSpec

/// A text block set in lines: paragraphs split at line ends, wrapped at UAX #14 opportunities to a
/// maximum width, each line shaped by runs of one face, direction and script and the runs put in
/// their bidirectional order. Glyph positions are in pixels from the block's top-left corner, y
/// down, at each glyph's baseline origin. Done once per text block.
final class TextLayout {
    /// A glyph in the block; `character` indexes the text's unicode scalars (logical order).
    struct Glyph {
        var face: Int
        var glyph: UInt32
        var x: Double
        var y: Double
        var character: Int
    }

    let faces: [FontFace]
    /// The FreeType instance the faces belong to (the picture's stroker uses it too).
    let library: FreeTypeLibrary
    private(set) var glyphs: [Glyph] = []
    /// The block: the widest line by the lines' height (`lineHeight` × size each).
    private(set) var width = 0.0
    private(set) var height = 0.0
    let scalars: [Unicode.Scalar]

    /// Lays out `text` in `chain`'s faces at `size` pixels. Throws `TextError` for characters no face
    /// covers, or a face FreeType cannot open.
    init(text: String, chain: FontChain, size: Double, lineHeight: Double, align: TextStyle.Alignment,
         maxWidth: Double?) throws {
        scalars = TextLayout.withoutControls(text)
        let refs = try chain.faces(for: scalars)
        let library = try FreeTypeLibrary()
        self.library = library
        var table: [FontRef: Int] = [:]
        var faces: [FontFace] = []
        for ref in [chain.primary] + refs where table[ref] == nil {
            table[ref] = faces.count
            faces.append(try FontFace(ref, size: size, library: library))
        }
        self.faces = faces
        let faceOf = refs.map { table[$0]! }
        let shaper = TextShaper()
        var lines: [(glyphs: [ShapedGlyph], width: Double, offset: Int)] = []
        for paragraph in TextLayout.paragraphs(scalars) {
            let codes = scalars[paragraph].map(\.value)
            let fonts = Array(faceOf[paragraph])
            let setter = ParagraphSetter(codes: codes, fonts: fonts, faces: faces, shaper: shaper)
            for range in setter.lines(maxWidth: maxWidth) {
                let shaped = setter.shapeLine(range)
                lines.append((shaped, shaped.reduce(0) { $0 + $1.advance }, paragraph.lowerBound))
            }
        }
        let primary = faces[0]
        let lineAdvance = lineHeight * size
        let halfLeading = (lineAdvance - primary.ascender - primary.descender) / 2
        width = lines.map(\.width).max() ?? 0
        height = Double(lines.count) * lineAdvance
        for (i, line) in lines.enumerated() {
            var x: Double
            switch align {
            case .left: x = 0
            case .center: x = (width - line.width) / 2
            case .right: x = width - line.width
            }
            let baseline = Double(i) * lineAdvance + halfLeading + primary.ascender
            for g in line.glyphs {
                glyphs.append(Glyph(face: g.face, glyph: g.glyph, x: x + g.offsetX, y: baseline - g.offsetY,
                                    character: line.offset + g.cluster))
                x += g.advance
            }
        }
    }

    /// `text`'s scalars with no control character left for a font to draw as a box: TAB becomes a
    /// space, VT and FF line ends; LF, CR and NEL stay (they end paragraphs); other C0 and C1 controls
    /// are dropped. Character indices (typewriter, spoken words) count these scalars.
    static func withoutControls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.compactMap { s in
            switch s.value {
            case 0x09: return " "
            case 0x0B, 0x0C: return "\n"
            case 0x0A, 0x0D, 0x85: return s
            default: return s.properties.generalCategory == .control ? nil : s
            }
        }
    }

    /// The scalar ranges of the paragraphs: split at LF, CR, CR LF, NEL, LS and PS (the separators
    /// themselves belong to no paragraph).
    static func paragraphs(_ s: [Unicode.Scalar]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0, i = 0
        while i < s.count {
            switch s[i].value {
            case 0x0A, 0x85, 0x2028, 0x2029:
                out.append(start..<i)
                start = i + 1
            case 0x0D:
                out.append(start..<i)
                if i + 1 < s.count, s[i + 1].value == 0x0A { i += 1 }
                start = i + 1
            default: break
            }
            i += 1
        }
        out.append(start..<s.count)
        return out
    }
}

