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
}
