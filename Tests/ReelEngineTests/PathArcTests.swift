@testable import ReelEngine
import XCTest

/// SVG's elliptical arcs at the edges of arithmetic (SVG 1.1 F.6.6): radii too small for their
/// endpoints grow in proportion until the arc just reaches, however small (1e-300 trapped the
/// whole server by squaring to 0 and dividing), and an arc no double can describe is its chord.
final class PathArcTests: XCTestCase {
    private let from = SIMD2<Double>(0, 0), to = SIMD2<Double>(100, 100)
    /// Subnormal radii, as a path's text gives them (a literal would warn of its underflow).
    private let subnormal = Double("1e-320")!, smallest = Double.leastNonzeroMagnitude

    private func farthest(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> Double {
        zip(a, b).map { (($0 - $1) * ($0 - $1)).sum().squareRoot() }.max() ?? .infinity
    }

    /// Radii of 1e-300 draw the half circle whose diameter is the chord: the same points as radii
    /// of exactly half the chord (50·√2), which need no growing.
    func testTinyRadiiGrowIntoTheHalfCircleOnTheChord() {
        let half = (50.0 * 50 * 2).squareRoot()
        for sweep in [false, true] {
            let exact = PathFlattener.arc(from: from, rx: half, ry: half, rotation: 0, large: false, sweep: sweep, to: to)
            for tiny in [1e-300, subnormal, smallest, 1e-100] {
                let grown = PathFlattener.arc(from: from, rx: tiny, ry: tiny, rotation: 0, large: false, sweep: sweep, to: to)
                XCTAssertEqual(grown.count, exact.count, "\(tiny)")
                XCTAssertLessThan(farthest(grown, exact), 1e-5, "\(tiny), sweep \(sweep)")
            }
            // The half circle: every point at the radius from the chord's middle.
            for p in exact {
                XCTAssertEqual(((p - SIMD2(50, 50)) * (p - SIMD2(50, 50))).sum().squareRoot(), half, accuracy: 1e-5)
            }
        }
    }

    /// Unequal tiny radii keep their ratio as they grow (a half ellipse), and a ratio so extreme
    /// that one radius would grow past any coordinate gives the chord; every point is finite.
    func testUnequalTinyRadiiKeepTheirRatioOrBecomeTheChord() {
        let grown = PathFlattener.arc(from: from, rx: 2e-300, ry: 1e-300, rotation: 0, large: false, sweep: true, to: to)
        let same = PathFlattener.arc(from: from, rx: 2, ry: 1, rotation: 0, large: false, sweep: true, to: to)
        XCTAssertLessThan(farthest(grown, same), 1e-9)
        XCTAssertGreaterThan(grown.count, 8)
        let chord = PathFlattener.arc(from: from, rx: subnormal, ry: 1e-100, rotation: 30, large: true, sweep: false, to: to)
        XCTAssertEqual(chord, [to])
        for rx in [subnormal, 1e-300, 1, 1e7] { for ry in [subnormal, 1e-100, 1, 1e7] {
            let points = PathFlattener.arc(from: from, rx: rx, ry: ry, rotation: 45, large: true, sweep: true, to: to)
            XCTAssertTrue(points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(rx) \(ry)")
            XCTAssertEqual(points.last, to)
        } }
    }
}
