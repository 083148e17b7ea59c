import CFFmpeg
@testable import ReelEngine
import ReelSpec
import XCTest

/// `PictureFilters` on small in-memory frames; expected values come from the limited-range formulas.
final class PictureFiltersTests: XCTestCase {
    typealias P = TestPicture

    /// A frame with varied luma (16…235) and chroma (16…240).
    func varied(alpha: Bool = false) throws -> Frame {
        try P.make(32, 16, y: { x, y in 16 + (x * 7 + y * 3) % 220 }, u: { x, y in 16 + (x * 13 + y * 5) % 225 },
                   v: { x, y in 240 - (x * 11 + y * 7) % 225 }, alpha: alpha ? { x, y in (x * 8 + y) % 256 } : nil)
    }

    func testGrayscaleSetsChromaTo128AndKeepsLuma() throws {
        let f = try varied()
        let luma = P.plane(f, 0)
        try PictureFilters.apply([FilterSpec(kind: .grayscale)], to: f)
        XCTAssertEqual(Set(P.plane(f, 1).joined()), [128])
        XCTAssertEqual(Set(P.plane(f, 2).joined()), [128])
        XCTAssertEqual(P.plane(f, 0), luma)
    }

    func testSaturationZeroEqualsGrayscaleAndOtherAmountsScaleAboutMid() throws {
        let grey = try varied(), desaturated = try varied()
        try PictureFilters.apply([FilterSpec(kind: .grayscale)], to: grey)
        try PictureFilters.apply([FilterSpec(kind: .saturation, amount: 0)], to: desaturated)
        XCTAssertEqual(P.planes(desaturated), P.planes(grey))
        let f = try P.make(4, 4, y: { _, _ in 100 }, u: { x, _ in [150, 100, 220, 128][x] }, v: { _, _ in 60 })
        try PictureFilters.apply([FilterSpec(kind: .saturation, amount: 2)], to: f)
        XCTAssertEqual(P.plane(f, 1)[0], [172, 72])
        XCTAssertEqual(P.plane(f, 2)[0], [16, 16], "128 − 2·68 clamps at 16")
        try PictureFilters.apply([FilterSpec(kind: .saturation, amount: 0.5)], to: f)
        XCTAssertEqual(P.plane(f, 1)[0], [150, 100])
        XCTAssertEqual(P.at(f, 0, 1, 1), 100, "luma untouched")
    }

    func testBrightnessShiftsLumaWithinLimitedRange() throws {
        let f = try P.make(4, 2, y: { x, _ in [100, 230, 16, 125][x] }, u: { _, _ in 90 })
        try PictureFilters.apply([FilterSpec(kind: .brightness, amount: 0.1)], to: f)
        XCTAssertEqual(P.plane(f, 0)[0], [122, 235, 38, 147], "+21.9, clamped at 235")
        XCTAssertEqual(P.at(f, 1, 0, 0), 90, "chroma untouched")
        try PictureFilters.apply([FilterSpec(kind: .brightness, amount: -1)], to: f)
        XCTAssertEqual(Set(P.plane(f, 0).joined()), [16])
    }

    func testContrastPushesValuesAwayFromMidGrey() throws {
        let f = try P.make(4, 2, y: { x, _ in [100, 180, 126, 30][x] })
        try PictureFilters.apply([FilterSpec(kind: .contrast, amount: 2)], to: f)
        // y = (Y−16)/219, y' = (y − ½)·2 + ½, Y' = 16 + 219·y'.
        XCTAssertEqual(P.plane(f, 0)[0], [75, 235, 127, 16])
        let flat = try varied()
        try PictureFilters.apply([FilterSpec(kind: .contrast, amount: 0)], to: flat)
        XCTAssertEqual(Set(P.plane(flat, 0).joined()), [126], "contrast 0 is mid-grey (125.5 rounded)")
        let same = try varied()
        try PictureFilters.apply([FilterSpec(kind: .contrast, amount: 1), FilterSpec(kind: .brightness, amount: 0)], to: same)
        XCTAssertEqual(P.planes(same), P.planes(try varied()))
    }

    func testFiltersApplyInTheOrderGiven() throws {
        let a = try varied(), b = try varied()
        try PictureFilters.apply([FilterSpec(kind: .brightness, amount: 0.5), FilterSpec(kind: .contrast, amount: 0)], to: a)
        try PictureFilters.apply([FilterSpec(kind: .contrast, amount: 0), FilterSpec(kind: .brightness, amount: 0.5)], to: b)
        XCTAssertEqual(Set(P.plane(a, 0).joined()), [126], "contrast last flattens")
        XCTAssertEqual(Set(P.plane(b, 0).joined()), [235], "brightness last lifts the flat grey")
        // A blur between point filters sees the first filter's result.
        let c = try P.make(16, 4, y: { x, _ in x < 8 ? 16 : 235 })
        try PictureFilters.apply([FilterSpec(kind: .contrast, amount: 0), FilterSpec(kind: .blur, amount: 3),
                                  FilterSpec(kind: .brightness, amount: 0.1)], to: c)
        XCTAssertEqual(Set(P.plane(c, 0).joined()), [148], "flat grey blurred stays flat, then +22")
    }

    func testBlurTurnsASharpEdgeIntoARampAndKeepsTheMean() throws {
        let f = try P.make(64, 8, y: { x, _ in x < 32 ? 16 : 235 }, u: { x, _ in x < 16 ? 60 : 200 })
        try PictureFilters.apply([FilterSpec(kind: .blur, amount: 4)], to: f)
        let rows = P.plane(f, 0)
        XCTAssertEqual(Set(rows), [rows[0]], "every row alike: a vertical edge stays vertical")
        let row = rows[0]
        XCTAssertEqual(row[0], 16)
        XCTAssertEqual(row[63], 235)
        XCTAssertEqual(row, row.sorted(), "monotonic ramp")
        let ramp = row.filter { $0 > 16 && $0 < 235 }
        XCTAssertGreaterThanOrEqual(ramp.count, 12, "soft over about ±3σ")
        XCTAssertLessThanOrEqual(ramp.count, 26)
        XCTAssertEqual(Double(row.reduce(0, +)) / 64, (16 + 235) / 2, accuracy: 0.5, "mean kept")
        XCTAssertEqual(abs(row[31] + row[32] - (16 + 235)), 0, accuracy: 1, "symmetric about the edge")
        // Chroma is blurred with half the radius on its half-resolution grid.
        let chroma = P.plane(f, 1)[0]
        let chromaRamp = chroma.filter { $0 > 60 && $0 < 200 }
        XCTAssertGreaterThan(chromaRamp.count, 2)
        XCTAssertLessThan(chromaRamp.count, ramp.count)
        XCTAssertEqual(chroma, chroma.sorted())
    }

    func testBlurWorksVerticallyToo() throws {
        let f = try P.make(8, 48, y: { _, y in y < 24 ? 235 : 16 })
        try PictureFilters.apply([FilterSpec(kind: .blur, amount: 3)], to: f)
        let column = P.plane(f, 0).map { $0[3] }
        XCTAssertEqual(column.first, 235)
        XCTAssertEqual(column.last, 16)
        XCTAssertEqual(column, column.sorted(by: >))
        XCTAssertGreaterThanOrEqual(column.filter { $0 > 16 && $0 < 235 }.count, 8)
        XCTAssertEqual(Double(column.reduce(0, +)) / 48, 125.5, accuracy: 0.5)
    }

    func testBlurKeepsFlatPicturesFlatAtAnyRadius() throws {
        for radius in [0.0, 1, 7, 100] {
            let f = try P.solid(20, 10, y: 90, u: 70, v: 180, alpha: 200)
            try PictureFilters.apply([FilterSpec(kind: .blur, amount: radius)], to: f)
            XCTAssertEqual(P.planes(f), P.planes(try P.solid(20, 10, y: 90, u: 70, v: 180, alpha: 200)), "radius \(radius)")
        }
    }

    func testPointFiltersKeepAlphaAndBlurSoftensIt() throws {
        let f = try P.make(32, 4, y: { _, _ in 100 }, alpha: { x, _ in x < 16 ? 0 : 255 })
        let alpha = P.plane(f, 3)
        try PictureFilters.apply([FilterSpec(kind: .grayscale), FilterSpec(kind: .brightness, amount: 0.2)], to: f)
        XCTAssertEqual(P.plane(f, 3), alpha)
        try PictureFilters.apply([FilterSpec(kind: .blur, amount: 2)], to: f)
        XCTAssertTrue(P.plane(f, 3)[0].contains { $0 > 0 && $0 < 255 })
    }

    func testASharedFrameIsCopiedNotChanged() throws {
        let f = try varied()
        let held = try f.reference()
        let before = P.planes(held)
        try PictureFilters.apply([FilterSpec(kind: .grayscale)], to: f)
        XCTAssertEqual(P.planes(held), before)
        XCTAssertEqual(Set(P.plane(f, 1).joined()), [128])
    }

    func testRefusesOtherPixelFormats() throws {
        let rgb = try Frame.video(width: 8, height: 8, format: AV_PIX_FMT_RGB24)
        XCTAssertThrowsError(try PictureFilters.apply([FilterSpec(kind: .grayscale)], to: rgb)) {
            XCTAssertTrue("\($0)".contains("applying filters: the picture is rgb24"), "\($0)")
        }
    }
}
