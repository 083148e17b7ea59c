import Foundation
@testable import ReelEngine
import XCTest

/// The linear-light step between zimg's conversions, against its documented formulas: colours
/// outside BT.709 brought in towards their own luminance, highlights rolled off on the largest
/// component with hue kept.
final class LinearLightMappingTests: XCTestCase {
    func mapped(_ m: LinearLightMapping, _ c: (Float, Float, Float)) -> (Float, Float, Float) {
        var (r, g, b) = c
        m.map(&r, &g, &b)
        return (r, g, b)
    }

    func testTheHighlightCurveIsContinuousMonotonicAndBounded() {
        let m = LinearLightMapping.hdr
        XCTAssertEqual(m.rollOff(0.5), 0.5, "below the knee, light is kept")
        XCTAssertEqual(m.rollOff(0.9), 0.9, accuracy: 1e-6)
        XCTAssertEqual(m.rollOff(0.9 + 1e-3), 0.9 + 1e-3, accuracy: 1e-5, "slope 1 at the knee")
        XCTAssertEqual(m.rollOff(1), 0.9 + 0.1 * 0.1 / 0.2, accuracy: 1e-6, "reference white: 0.95")
        var last: Float = 0
        for i in 0...2000 {
            let x = Float(i) / 100  // 0…20 times reference white (PQ's 10 000 cd/m² is 49)
            let y = m.rollOff(x)
            XCTAssertGreaterThanOrEqual(y, last, "monotonic at \(x)")
            XCTAssertLessThanOrEqual(y, 1, "never past white at \(x)")
            last = y
        }
        XCTAssertGreaterThan(m.rollOff(4.93), 0.997, "a 1000 cd/m² peak comes within 0.3 % of white")
    }

    func testHueAndSaturationAreKeptThroughTheRollOff() {
        let (r, g, b) = mapped(.hdr, (3, 1.5, 0.75))
        XCTAssertEqual(r / g, 2, accuracy: 1e-5)
        XCTAssertEqual(g / b, 2, accuracy: 1e-5)
        XCTAssertEqual(max(r, g, b), LinearLightMapping.hdr.rollOff(3), accuracy: 1e-6)
        let grey = mapped(.hdr, (2, 2, 2))
        XCTAssertEqual(grey.0, grey.1)
        XCTAssertEqual(grey.1, grey.2)
    }

    func testAColourOutsideTheGamutIsDesaturatedTowardsItsLuminance() {
        // BT.2020's red in BT.709's primaries (BT.2087's inverse matrix).
        let (r, g, b) = mapped(.sdr, (1.6605, -0.1246, -0.0182))
        XCTAssertGreaterThanOrEqual(min(r, g, b), -1e-6, "inside the gamut")
        XCTAssertLessThanOrEqual(max(r, g, b), 1 + 1e-6)
        XCTAssertEqual(g, 0, accuracy: 1e-4, "the most negative component reaches 0 exactly")
        // Luminance is kept by the desaturation, then scaled with the rest by the clip to 1.
        let y0: Float = 0.2126 * 1.6605 - 0.7152 * 0.1246 - 0.0722 * 0.0182
        let t = y0 / (y0 + 0.1246)
        let unclipped = (y0 + t * (1.6605 - y0), y0 + t * (-0.1246 - y0), y0 + t * (-0.0182 - y0))
        XCTAssertEqual(0.2126 * unclipped.0 + 0.7152 * unclipped.1 + 0.0722 * unclipped.2, y0, accuracy: 1e-5)
        XCTAssertEqual(r, 1, accuracy: 1e-5)
        XCTAssertEqual(b, unclipped.2 / unclipped.0, accuracy: 1e-5)
        XCTAssertTrue(mapped(.sdr, (-0.1, -0.2, -0.05)) == (0, 0, 0), "no light: black")
    }
}
