import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Inputs at the text stack's edges that once cost memory or time out of proportion to their size,
/// or came out wrong (a review's findings): each judged by its outcome (the error, the line count,
/// the composed alpha, the cue found, the peak memory), never by a clock.
final class TextLimitsTests: XCTestCase {
    private func sans() throws -> FontChain { try FontChain(family: "DejaVu Sans", weight: 400, italic: false) }

    /// The process's peak resident size so far, in bytes.
    private func peakResident() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }

    func testManyLargeCJKGlyphsAreRefusedBeforeAnyIsRasterised() throws {
        // 1500 distinct ideographs at 1000 px: about a megabyte of masks each, had they been drawn.
        let text = String(String.UnicodeScalarView((0..<1500).map { Unicode.Scalar(0x4E00 + $0)! }))
        let layout = try TextLayout(text: text, chain: sans(), size: 1000, lineHeight: 1.2, align: .center, maxWidth: nil)
        let before = peakResident()
        XCTAssertThrowsError(try TextPicture(layout: layout, style: TextStyle(text: text), matrix: .bt709)) { error in
            guard case .tooLarge(let w, _)? = (error as? TextError)?.reason else { return XCTFail("\(error)") }
            XCTAssertGreaterThan(w, TextPicture.maxSide)
        }
        XCTAssertLessThan(peakResident() - before, 200 << 20, "no glyph masks were made for a block that is refused")
    }

    func testALongRunWithoutBreakOpportunitiesWrapsInLinearTime() throws {
        // 200 000 letters and no opportunity: the old setter rescanned the rest of the run for each
        // of its ~20 000 lines (minutes); now each line looks only as far as its edge.
        let count = 200_000
        let layout = try TextLayout(text: String(repeating: "a", count: count), chain: sans(), size: 16, lineHeight: 1,
                                    align: .left, maxWidth: 100)
        let firstLine = layout.glyphs.filter { $0.y == layout.glyphs[0].y }.count
        XCTAssertGreaterThan(firstLine, 1)
        XCTAssertLessThanOrEqual(Double(firstLine) * (layout.glyphs[1].x - layout.glyphs[0].x), 100 + 1e-6)
        let lines = Int((layout.height / 16).rounded())
        XCTAssertEqual(lines, (count + firstLine - 1) / firstLine)
        XCTAssertEqual(layout.glyphs.count, count)
    }

    func testManyMissingCharactersAreOneProblemNamingTwentyAndACount() throws {
        // 100 000 distinct private-use characters (planes 15 and 16), none in any font; the old
        // chain searched its list for each (quadratic) and named them all.
        let scalars = ((0xF0000...0xFFFFD).map { $0 } + (0x100000..<0x100000 + 34_466).map { $0 }).map { Unicode.Scalar(UInt32($0))! }
        XCTAssertEqual(scalars.count, 100_000)
        let ws = try Workspace()
        let text = String(String.UnicodeScalarView(scalars))
        XCTAssertThrowsError(try ws.plan(##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ],
          "overlays": [ { "type": "text", "text": "\##(text)", "start": 0 } ] } }
        """##)) { error in
            guard case RenderError.invalid(let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.pointer), ["/timeline/overlays/0/text"])
            let message = problems.first?.message ?? ""
            let listed = (0..<20).map { "U+\(String(0xF0000 + $0, radix: 16, uppercase: true))" }.joined(separator: ", ")
            XCTAssertEqual(message, "has characters no installed font can draw: \(listed) and 99980 more")
        }
    }

    func testOverlappingFillAndHighlightNeverExceedFullCoverage() {
        let p = TextPicture.text(fill: 1, lit: 0.8, stroke: 1, color: Premultiplied(.white), litColor: Premultiplied(.black),
                                 strokeColor: Premultiplied(.black))
        XCTAssertEqual(p.a, 1, accuracy: 1e-6)
        XCTAssertEqual(p.r, 1 / 1.8, accuracy: 1e-6, "the two colours share the pixel by their coverage")
        let alone = TextPicture.text(fill: 0.5, lit: 0, stroke: 0, color: Premultiplied(.white), litColor: Premultiplied(.black),
                                     strokeColor: nil)
        XCTAssertEqual(alone.a, 0.5, accuracy: 1e-6, "coverage that fits is kept as it is")
    }

    func testFontURLsAreRefusedLikeCaptionURLs() throws {
        let ws = try Workspace()
        XCTAssertThrowsError(try ws.plan(##"""
        { "version": 1, "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ],
          "overlays": [ { "type": "text", "text": "ok", "start": 0, "font": { "src": "HTTPS://example.com/f.ttf" } } ] } }
        """##)) { error in
            guard case RenderError.invalid(let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.pointer), ["/timeline/overlays/0/font/src"])
            XCTAssertEqual(problems.first?.message, "fonts are read from the media root or from uploads, not from URLs")
        }
    }

    func testUnknownFamiliesAreNotRemembered() {
        let library = FontLibrary.shared
        XCTAssertTrue(library.hasFamily("DejaVu Sans"))
        let before = library.rememberedFamilies
        for i in 0..<200 { XCTAssertFalse(library.hasFamily("No Such Family \(i) \(UUID().uuidString)")) }
        XCTAssertEqual(library.rememberedFamilies, before, "a client's made-up names do not grow the cache")
    }

    func testTheCueShowingIsFoundAmongOverlappingAndUnsortedCues() throws {
        func s(_ ms: Int64) -> Time { Time(value: ms, timescale: 1000) }
        func cue(_ a: Int64, _ b: Int64) -> Cue { Cue(start: s(a), end: s(b), text: "x", words: []) }
        // File order: a long cue, one inside it, a later one listed before an earlier one.
        let cues = [cue(0, 10_000), cue(2000, 3000), cue(7000, 8000), cue(5000, 6000), cue(12_000, 13_000)]
        let plan = TextPlan(style: TextStyle(text: ""), chain: try sans(), typewriter: nil, maxWidth: nil)
        let producer = TextProducer(plan, cues: cues, duration: s(20_000), frameWidth: 320, color: .bt601)
        let expected: [(Int64, Int?)] = [(0, 0), (2500, 1), (3000, 0), (5500, 3), (7999, 2), (9000, 0), (10_000, nil),
                                         (11_000, nil), (12_000, 4), (13_000, nil)]
        for (t, i) in expected {
            XCTAssertEqual(producer.cueIndex(at: s(t)), i, "at \(t) ms")
        }
        // Many cues, one frame each: the answer for every one of them.
        let many = (0..<50_000).map { cue(Int64($0) * 40, Int64($0) * 40 + 40) }
        let long = TextProducer(plan, cues: many, duration: s(2_000_000), frameWidth: 320, color: .bt601)
        XCTAssertEqual((0..<50_000).filter { long.cueIndex(at: s(Int64($0) * 40 + 20)) == $0 }.count, 50_000)
    }
}
