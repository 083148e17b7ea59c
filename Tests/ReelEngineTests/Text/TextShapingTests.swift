import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Shaping, bidi order and line breaking of the text stack, checked against HarfBuzz's own `hb-shape`
/// tool and against orders worked out by hand from UAX #9 and UAX #14.
final class TextShapingTests: XCTestCase {
    /// Reel's glyph run of `text` in the font file at `path`, as `gid=cluster` with clusters as
    /// character (scalar) indices, as hb-shape prints them.
    private func reelRun(_ text: String, font path: String) throws -> [String] {
        let chain = try FontChain(fontFile: path, weight: 400, italic: false, text: text)
        let scalars = Array(text.unicodeScalars)
        let faceRefs = try chain.faces(for: scalars)
        XCTAssertTrue(faceRefs.allSatisfy { $0 == chain.primary }, "the file covers the whole string")
        let face = try FontFace(chain.primary, size: 48, library: try FreeTypeLibrary())
        let setter = ParagraphSetter(codes: scalars.map(\.value), fonts: Array(repeating: 0, count: scalars.count), faces: [face],
                                     shaper: TextShaper())
        return setter.shapeLine(0..<scalars.count).map { "\($0.glyph)=\($0.cluster)" }
    }

    /// hb-shape's glyph run: glyph ids and clusters, in the same visual order.
    private func hbShape(_ text: String, font path: String) throws -> [String] {
        let r = try Tools.run("hb-shape", ["--no-glyph-names", "--no-positions", path, text])
        XCTAssertEqual(r.status, 0, r.stderr)
        let line = r.text.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(line.hasPrefix("[") && line.hasSuffix("]"), line)
        return line.dropFirst().dropLast().split(separator: "|").map(String.init)
    }

    func testArabicJoiningMatchesHBShape() throws {
        try TestFonts.require(TestFonts.arabic)
        let text = "مرحبا بالعالم"
        let reel = try reelRun(text, font: TestFonts.arabic)
        XCTAssertEqual(reel, try hbShape(text, font: TestFonts.arabic))
        // Joined letters take contextual forms: the glyphs are not the isolated forms' glyphs.
        let isolated = try Set(text.unicodeScalars.filter { $0 != " " }.map { try hbShape(String($0), font: TestFonts.arabic)[0] })
        XCTAssertLessThan(Set(reel).intersection(isolated).count, reel.count / 2, "most letters join")
    }

    func testDevanagariReorderingMatchesHBShape() throws {
        try TestFonts.require(TestFonts.devanagari)
        let text = "नमस्ते दुनिया किताब"
        let reel = try reelRun(text, font: TestFonts.devanagari)
        XCTAssertEqual(reel, try hbShape(text, font: TestFonts.devanagari))
        // The vowel sign ि of कि is drawn before its consonant: a reordered cluster.
        XCTAssertLessThan(reel.count, text.unicodeScalars.count, "conjuncts make fewer glyphs than characters")
    }

    func testHebrewInsideLatinRunsRightToLeft() throws {
        // a b c ␠ ש ל ו ם ␠ d e f: the Hebrew word is shown mirrored, inside a left-to-right line.
        let text = "abc שלום def"
        let layout = try TextLayout(text: text, chain: FontChain(family: "DejaVu Sans", weight: 400, italic: false), size: 32,
                                    lineHeight: 1.2, align: .left, maxWidth: nil)
        let order = layout.glyphs.sorted { $0.x < $1.x }.map(\.character)
        XCTAssertEqual(order, [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11])
        let rtlFirst = try TextLayout(text: "שלום abc", chain: FontChain(family: "DejaVu Sans", weight: 400, italic: false), size: 32,
                                      lineHeight: 1.2, align: .left, maxWidth: nil)
        XCTAssertEqual(rtlFirst.glyphs.sorted { $0.x < $1.x }.map(\.character), [5, 6, 7, 4, 3, 2, 1, 0],
                       "a Hebrew paragraph runs right to left, with the Latin word kept left to right inside it")
    }

    func testLineBreakOpportunities() {
        let latin = Array("Hello big world".unicodeScalars.map(\.value))
        let latinBreaks = LineBreaker.opportunities(latin)
        XCTAssertEqual(latinBreaks.indices.filter { latinBreaks[$0] != .none }, [5, 9, 14], "after each space, and at the end")
        let cjk = Array("海边日落。".unicodeScalars.map(\.value))
        let cjkBreaks = LineBreaker.opportunities(cjk)
        XCTAssertEqual(cjkBreaks.indices.filter { cjkBreaks[$0] != .none }, [0, 1, 2, 4], "between ideographs, never before 。")
    }

    func testWrapping() throws {
        let chain = try FontChain(family: "DejaVu Sans", weight: 400, italic: false)
        func lines(_ text: String, _ maxWidth: Double) throws -> [String] {
            let layout = try TextLayout(text: text, chain: chain, size: 20, lineHeight: 1, align: .left, maxWidth: maxWidth)
            let rows = Dictionary(grouping: layout.glyphs) { Int($0.y) }
            return rows.keys.sorted().map { y in
                String(String.UnicodeScalarView(rows[y]!.sorted { $0.x < $1.x }.map { layout.scalars[$0.character] }))
            }
        }
        XCTAssertEqual(try lines("one two three four", 110), ["one two", "three four"], "Latin wraps between words")
        XCTAssertEqual(try lines("one\ntwo", 1000), ["one", "two"], "\\n breaks a line")
        let long = try lines("Supercalifragilistic", 80)
        XCTAssertGreaterThan(long.count, 1, "a word longer than the line is broken as a last resort")
        XCTAssertEqual(long.joined(), "Supercalifragilistic")
        let cjkChain = try FontChain(family: "Noto Sans CJK SC", weight: 400, italic: false)
        let cjk = try TextLayout(text: "海边日落海边日落", chain: cjkChain, size: 20, lineHeight: 1, align: .left, maxWidth: 85)
        XCTAssertEqual(Set(cjk.glyphs.map(\.y)).count, 2, "CJK wraps between characters (4 of 20 px fit in 85 px)")
        XCTAssertEqual(cjk.height, 40)
    }

    func testCoverageRefusalsNameCharactersAndFamilies() throws {
        let chain = try FontChain(family: nil, weight: 400, italic: false)
        XCTAssertThrowsError(try chain.faces(for: Array("ok \u{0378}\u{0379}\u{0378}".unicodeScalars))) { error in
            XCTAssertEqual((error as? TextError)?.reason, .missingGlyphs(["\u{0378}", "\u{0379}"]))
            XCTAssertTrue("\(error)".contains("U+0378") && "\(error)".contains("U+0379"), "\(error)")
        }
        XCTAssertThrowsError(try FontChain(family: "Nonexistent Sans 42", weight: 400, italic: false)) { error in
            XCTAssertEqual((error as? TextError)?.reason, .unknownFamily("Nonexistent Sans 42"))
        }
        // A Latin family borrows CJK from a fallback rather than refusing it.
        let faces = try FontChain(family: "DejaVu Sans", weight: 400, italic: false).faces(for: Array("A海".unicodeScalars))
        XCTAssertTrue(faces[0].path.contains("DejaVu"))
        XCTAssertFalse(faces[1].path.contains("DejaVu"))
    }

    func testControlCharactersAreNeverShapedAsBoxes() throws {
        // TAB is a space, VT a line end, SOH and a C1 control are dropped: no .notdef (glyph 0).
        let chain = try FontChain(family: "DejaVu Sans", weight: 400, italic: false)
        let layout = try TextLayout(text: "a\tb\u{01}c\u{0B}d\u{9B}e", chain: chain, size: 20, lineHeight: 1, align: .left, maxWidth: nil)
        XCTAssertFalse(layout.glyphs.contains { $0.glyph == 0 }, "\(layout.glyphs.map(\.glyph))")
        XCTAssertEqual(layout.glyphs.count, 6, "a, the space, b, c; then d, e")
        XCTAssertEqual(layout.height, 40, "two lines")
        let spaced = try TextLayout(text: "a b", chain: chain, size: 20, lineHeight: 1, align: .left, maxWidth: nil)
        XCTAssertEqual(layout.glyphs[1].glyph, spaced.glyphs[1].glyph, "the tab is drawn as a space")
    }
}
