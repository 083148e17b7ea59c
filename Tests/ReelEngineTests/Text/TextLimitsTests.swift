import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Inputs that once cost memory or time out of proportion to their size (a review's findings):
/// each is judged by its outcome (the error, the line count, the shaped glyphs, the peak memory).
final class TextLimitsTests: XCTestCase {
    private func sans() throws -> FontChain { try FontChain(family: "DejaVu Sans", weight: 400, italic: false) }

    /// The process's peak resident size so far, in bytes.
    private func peakResident() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
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
}
