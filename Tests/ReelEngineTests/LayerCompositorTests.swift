import CFFmpeg
@testable import ReelEngine
import XCTest

/// `LayerCompositor` on small in-memory frames; expected pixels come from geometry and blend arithmetic.
final class LayerCompositorTests: XCTestCase {
    typealias P = TestPicture
    let compositor = LayerCompositor()

    func black(_ w: Int = 64, _ h: Int = 40) throws -> Frame { try P.solid(w, h, y: 16) }

    func assertNear(_ got: Int, _ expected: Double, _ tolerance: Double = 2, _ what: String,
                    file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(abs(Double(got) - expected), tolerance, "\(what): got \(got), expected ≈\(expected)",
                                 file: file, line: line)
    }

    // MARK: Whole-canvas layers

    func testFullCanvasOpaqueLayerReplacesTheCanvasExactly() throws {
        let canvas = try black()
        let layer = try P.make(64, 40, y: { x, y in 16 + (x * 7 + y * 13) % 220 },
                               u: { x, y in 20 + (x * 5 + y * 3) % 200 }, v: { x, y in 30 + (x * 11 + y) % 190 })
        try compositor.draw(layer, .covering(width: 64, height: 40), onto: canvas)
        XCTAssertEqual(P.planes(canvas), P.planes(layer))
    }

    func testFullyOpaqueAlphaLayerAlsoReplacesTheCanvasExactly() throws {
        // Goes through premultiplication and the alpha kernel rather than the plain copy.
        let canvas = try black()
        let layer = try P.make(64, 40, y: { x, y in 16 + (x * 3 + y * 5) % 220 }, u: { x, _ in 40 + x * 4 },
                               v: { _, y in 200 - y * 3 }, alpha: { _, _ in 255 })
        try compositor.draw(layer, .covering(width: 64, height: 40), onto: canvas)
        XCTAssertEqual(P.planes(canvas), Array(P.planes(layer).prefix(3)))
    }

    func testHalfOpacityWhiteOverBlackIsMidGrey() throws {
        let canvas = try black(32, 16)
        try compositor.draw(try P.solid(32, 16, y: 235), .covering(width: 32, height: 16, opacity: 0.5), onto: canvas)
        for y in 0..<16 {
            for x in 0..<32 { assertNear(P.at(canvas, 0, x, y), (235 + 16) / 2, 0.5, "Y(\(x),\(y))") }
        }
        XCTAssertEqual(Set(P.plane(canvas, 1).joined()), [128])
    }

    // MARK: Alpha

    func testStraightAlphaIsHonouredPerPixelAndPerChromaBlock() throws {
        // Three 12-pixel bands: opaque, half transparent, transparent (with junk colour underneath).
        let canvas = try black(36, 8)
        let layer = try P.make(36, 8, y: { x, _ in x < 24 ? 235 : 40 }, u: { x, _ in x < 6 ? 200 : 90 },
                               alpha: { x, _ in x < 12 ? 255 : x < 24 ? 128 : 0 })
        try compositor.draw(layer, .covering(width: 36, height: 8), onto: canvas)
        assertNear(P.at(canvas, 0, 5, 4), 235, 0, "opaque band")
        assertNear(P.at(canvas, 0, 17, 4), 16 + 219 * 128 / 255.0, 1, "half band")
        assertNear(P.at(canvas, 0, 30, 4), 16, 0, "transparent band")
        assertNear(P.at(canvas, 1, 2, 2), 200, 0, "opaque chroma")
        assertNear(P.at(canvas, 1, 8, 2), 128 + (90 - 128) * 128 / 255.0, 1, "half chroma")
        assertNear(P.at(canvas, 1, 15, 2), 128, 0, "transparent chroma")
    }

    func testChromaBlendsWithTheMeanAlphaOfEach2x2Block() throws {
        let canvas = try black(16, 16)
        let layer = try P.make(16, 16, y: { _, _ in 235 }, u: { _, _ in 200 }, v: { _, _ in 60 },
                               alpha: { x, _ in x % 2 == 0 ? 255 : 0 })
        try compositor.draw(layer, .covering(width: 16, height: 16), onto: canvas)
        XCTAssertEqual(P.at(canvas, 0, 4, 4), 235)
        XCTAssertEqual(P.at(canvas, 0, 5, 4), 16)
        assertNear(P.at(canvas, 1, 3, 3), 128 + 72 * 0.5, 1, "U at half the block's alpha")
        assertNear(P.at(canvas, 2, 3, 3), 128 - 68 * 0.5, 1, "V at half the block's alpha")
    }

    func testTransparentColourDoesNotBleedWhenResampled() throws {
        // Left half opaque white, right half transparent but holding black/purple junk: over white, any
        // straight-alpha resampling would leave a dark fringe along the alpha edge.
        let layer = try P.make(16, 16, y: { x, _ in x < 8 ? 235 : 16 }, u: { x, _ in x < 4 ? 128 : 255 },
                               v: { x, _ in x < 4 ? 128 : 255 }, alpha: { x, _ in x < 8 ? 255 : 0 })
        for rotation in [0.0, 30] {
            let canvas = try P.solid(64, 64, y: 235)
            try compositor.draw(layer, LayerPlacement(centerX: 32, centerY: 32, width: 48, height: 48, rotation: rotation), onto: canvas)
            XCTAssertGreaterThanOrEqual(P.plane(canvas, 0).joined().min()!, 233, "luma fringe at \(rotation)°")
            for p in 1...2 {
                let values = P.plane(canvas, p).joined()
                XCTAssertLessThanOrEqual(values.map { abs($0 - 128) }.max()!, 2, "chroma fringe in plane \(p) at \(rotation)°")
            }
        }
    }

    // MARK: Placement and anti-aliasing

    func testFractionalPositionCoversTheExpectedRectangleWithSoftEdges() throws {
        // 10×10 white at centre (32.5, 20): true edges x 27.5…37.5, y 15…25.
        let canvas = try black()
        try compositor.draw(try P.solid(10, 10, y: 235, u: 200), LayerPlacement(centerX: 32.5, centerY: 20, width: 10, height: 10),
                            onto: canvas)
        for y in 15..<25 {
            for x in 28..<37 { XCTAssertEqual(P.at(canvas, 0, x, y), 235, "inside (\(x),\(y))") }
            assertNear(P.at(canvas, 0, 27, y), (235 + 16) / 2, 1, "half-covered left column, row \(y)")
            assertNear(P.at(canvas, 0, 37, y), (235 + 16) / 2, 1, "half-covered right column, row \(y)")
            XCTAssertEqual(P.at(canvas, 0, 26, y), 16)
            XCTAssertEqual(P.at(canvas, 0, 38, y), 16)
        }
        for x in 20..<45 {
            XCTAssertEqual(P.at(canvas, 0, x, 14), 16, "above, column \(x)")
            XCTAssertEqual(P.at(canvas, 0, x, 25), 16, "below, column \(x)")
        }
        // Chroma column 13 covers luma 26 (outside) and 27 (half): a quarter of the layer's colour.
        assertNear(P.at(canvas, 1, 13, 10), 128 + 72 * 0.25, 2, "quarter-covered chroma")
        assertNear(P.at(canvas, 1, 15, 10), 200, 0, "inner chroma")
    }

    func testSubPixelStepsMoveTheEdgesSmoothlyAndKeepTheEnergy() throws {
        var previousLeft = -1.0
        for step in 0...8 {
            let canvas = try black()
            let cx = 32 + Double(step) / 8
            try compositor.draw(try P.solid(10, 10, y: 235), LayerPlacement(centerX: cx, centerY: 20, width: 10, height: 10), onto: canvas)
            let row = P.plane(canvas, 0)[20]
            // The layer's area is 10 pixels per row whatever its phase: no pulsing while it moves.
            let energy = Double(row.map { $0 - 16 }.reduce(0, +)) / 219
            XCTAssertEqual(energy, 10, accuracy: 0.05, "coverage at x = \(cx)")
            // The left edge (where the coverage reaches ½) advances with the centre.
            let firstLit = row.firstIndex { $0 > 16 }!
            let left = Double(firstLit) + 1 - Double(row[firstLit] - 16) / 219
            XCTAssertEqual(left, cx - 5, accuracy: 0.02, "left edge at x = \(cx)")
            XCTAssertGreaterThan(left, previousLeft)
            previousLeft = left
        }
    }

    func testOddOriginKeepsChromaOnTheCanvasGrid() throws {
        // An 8×8 layer from luma column 11, its chroma columns alternating U 100/200: each canvas chroma
        // sample straddles two layer samples and must take their mean, not either neighbour.
        let canvas = try black(32, 16)
        let layer = try P.make(8, 8, y: { _, _ in 235 }, u: { x, _ in x % 2 == 0 ? 100 : 200 })
        try compositor.draw(layer, LayerPlacement(centerX: 15, centerY: 8, width: 8, height: 8), onto: canvas)
        XCTAssertEqual(P.at(canvas, 0, 10, 8), 16)
        XCTAssertEqual(P.at(canvas, 0, 11, 8), 235)
        XCTAssertEqual(P.at(canvas, 0, 18, 8), 235)
        XCTAssertEqual(P.at(canvas, 0, 19, 8), 16)
        // Column 5 holds luma 10 (outside) and 11 (the layer's first column, U 100), half covered.
        assertNear(P.at(canvas, 1, 5, 4), 128 + (100 - 128) * 0.5, 1, "left half-covered chroma")
        for c in 6...8 { assertNear(P.at(canvas, 1, c, 4), 150, 1, "chroma column \(c)") }
        assertNear(P.at(canvas, 1, 9, 4), 128 + (200 - 128) * 0.5, 1, "right half-covered chroma")
        XCTAssertEqual(P.at(canvas, 1, 4, 4), 128)
        XCTAssertEqual(P.at(canvas, 1, 10, 4), 128)
        // The same vertically: from luma row 5, chroma rows alternating V 60/180.
        let rows = try black(32, 16)
        let tall = try P.make(8, 8, y: { _, _ in 235 }, v: { _, y in y % 2 == 0 ? 60 : 180 })
        try compositor.draw(tall, LayerPlacement(centerX: 16, centerY: 9, width: 8, height: 8), onto: rows)
        assertNear(P.at(rows, 2, 7, 2), 128 + (60 - 128) * 0.5, 1, "top half-covered chroma row")
        for r in 3...5 { assertNear(P.at(rows, 2, 7, r), 120, 1, "chroma row \(r)") }
        assertNear(P.at(rows, 2, 7, 6), 128 + (180 - 128) * 0.5, 1, "bottom half-covered chroma row")
    }

    // MARK: Rotation

    /// 20×10 grey (Y 100) with a white, U 200 marker in its top-left 4×4 corner.
    func markedLayer() throws -> Frame {
        try P.make(20, 10, y: { x, y in x < 4 && y < 4 ? 235 : 100 }, u: { x, y in x < 2 && y < 2 ? 200 : 128 })
    }

    func testQuarterTurnClockwisePutsTheMarkedCornerTopRight() throws {
        // Turned 90° about (32, 20) the layer spans x 27…37, y 10…30; its top-left corner goes to (37, 10).
        let canvas = try black()
        try compositor.draw(try markedLayer(), LayerPlacement(centerX: 32, centerY: 20, width: 20, height: 10, rotation: 90), onto: canvas)
        for y in 10..<14 {
            for x in 33..<37 { assertNear(P.at(canvas, 0, x, y), 235, 2, "marker (\(x),\(y))") }
        }
        assertNear(P.at(canvas, 0, 28, 11), 100, 2, "top-left of the turned layer")
        assertNear(P.at(canvas, 0, 35, 28), 100, 2, "bottom-right of the turned layer")
        assertNear(P.at(canvas, 0, 28, 28), 100, 2, "bottom-left of the turned layer")
        for (x, y) in [(26, 20), (37, 20), (32, 9), (32, 30)] { XCTAssertEqual(P.at(canvas, 0, x, y), 16, "outside at (\(x),\(y))") }
        assertNear(P.at(canvas, 1, 17, 5), 200, 4, "marker chroma")
        assertNear(P.at(canvas, 1, 14, 12), 128, 2, "plain chroma")
    }

    func testHalfTurnPutsTheMarkedCornerBottomRight() throws {
        // Turned 180° the layer spans x 22…42, y 15…25 and its marker lands at x 38…42, y 21…25.
        let canvas = try black()
        try compositor.draw(try markedLayer(), LayerPlacement(centerX: 32, centerY: 20, width: 20, height: 10, rotation: 180), onto: canvas)
        assertNear(P.at(canvas, 0, 40, 23), 235, 2, "marker")
        assertNear(P.at(canvas, 0, 23, 16), 100, 2, "top-left")
        XCTAssertEqual(P.at(canvas, 0, 21, 20), 16)
        XCTAssertEqual(P.at(canvas, 0, 42, 20), 16)
    }

    func testFortyFiveDegreesKeepsTheAreaAndSoftensTheEdges() throws {
        let canvas = try black()
        try compositor.draw(try P.solid(16, 16, y: 235), LayerPlacement(centerX: 32, centerY: 20, width: 16, height: 16, rotation: 45),
                            onto: canvas)
        let luma = P.plane(canvas, 0)
        let area = Double(luma.joined().map { $0 - 16 }.reduce(0, +)) / 219
        XCTAssertEqual(area, 256, accuracy: 256 * 0.02, "covered area")
        XCTAssertEqual(luma[20][32], 235, "centre")
        XCTAssertEqual(luma[9][21], 16, "outside the diamond, inside its bounding box")
        // The diamond's right tip is at x = 32 + 8√2 ≈ 43.3; along row 20 the last pixels fade out.
        let partial = luma[20].filter { $0 > 16 && $0 < 235 }
        XCTAssertFalse(partial.isEmpty, "anti-aliased edge pixels")
        XCTAssertEqual(luma[20][44], 16)
    }

    func testTurnedRampIsSampledWhereTheGeometrySays() throws {
        // A 40×20 ramp (luma 40 + 4x) turned 30° about (32, 20), 1:1. A canvas pixel centre maps back to
        // layer column a + 20 − ½ with a = dx·cos θ + dy·sin θ; bilinear sampling of a ramp is exact.
        let canvas = try black()
        let layer = try P.make(40, 20, y: { x, _ in 40 + 4 * x })
        try compositor.draw(layer, LayerPlacement(centerX: 32, centerY: 20, width: 40, height: 20, rotation: 30), onto: canvas)
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        var checked = 0
        for y in 0..<40 {
            for x in 0..<64 {
                let dx = Double(x) + 0.5 - 32, dy = Double(y) + 0.5 - 20
                let a = dx * c + dy * s, b = -dx * s + dy * c
                let got = P.at(canvas, 0, x, y)
                if abs(a) < 18.5 && abs(b) < 8.5 {
                    assertNear(got, 40 + 4 * (a + 19.5), 1, "inside at (\(x),\(y))")
                    checked += 1
                } else if abs(a) > 21 || abs(b) > 11 {
                    XCTAssertEqual(got, 16, "outside at (\(x),\(y))")
                } else {
                    XCTAssertLessThanOrEqual(got, 40 + 4 * 39 + 1, "edge at (\(x),\(y))")
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    // MARK: Clipping

    /// A layer across the canvas's edges draws only its part inside: checked pixel by pixel against
    /// the geometry, on `GuardedCanvas`es whose bytes around every row and plane must stay unchanged.
    func testLayerPartlyOffCanvasIsClipped() throws {
        let canvas = try black()
        // 20×20 centred at (2, 3): x −8…12, y −7…13.
        try compositor.draw(try P.solid(20, 20, y: 235), LayerPlacement(centerX: 2, centerY: 3, width: 20, height: 20), onto: canvas)
        XCTAssertEqual(P.at(canvas, 0, 0, 0), 235)
        XCTAssertEqual(P.at(canvas, 0, 11, 12), 235)
        XCTAssertEqual(P.at(canvas, 0, 12, 5), 16)
        XCTAssertEqual(P.at(canvas, 0, 5, 13), 16)
        // Across every corner and edge of an even and an odd canvas, 1:1 and zoomed far past the canvas,
        // turned, opaque and with alpha: each draw covers what the geometry says and changes no byte
        // outside the canvas's planes (`GuardedCanvas` watches the bytes around every row and plane).
        let layers: [(String, Frame, alphaAt: (Double) -> Double)] = [
            ("opaque", try P.solid(30, 20, y: 235, u: 200, v: 60), { _ in 255 }),
            ("alpha 255", try P.solid(30, 20, y: 235, u: 200, v: 60, alpha: 255), { _ in 255 }),
            ("alpha ramp", try P.make(30, 20, y: { _, _ in 235 }, u: { _, _ in 200 }, v: { _, _ in 60 }, alpha: { x, _ in 40 + 7 * x }),
             { 40 + 7 * min(max($0 - 0.5, 0), 29) }),
        ]
        var covered = 0
        for (width, height) in [(64, 40), (63, 39)] {
            for (name, layer, alphaAt) in layers {
                for size in [(30.0, 20.0), (360, 240)] {
                    for rotation in [0.0, 33, 90] {
                        for (cx, cy) in centres(across: width, height, size, rotation) {
                            let placement = LayerPlacement(centerX: cx, centerY: cy, width: size.0, height: size.1, rotation: rotation)
                            let what = "\(name) \(size.0)×\(size.1) at (\(cx), \(cy)) turned \(rotation)° on \(width)×\(height)"
                            let guarded = GuardedCanvas(width: width, height: height)
                            try compositor.draw(layer, placement, onto: guarded.frame)
                            XCTAssertTrue(guarded.isInPlace, "\(what): drawn into a copy")
                            XCTAssertEqual(Array(guarded.damagedGuards().prefix(4)), [], what)
                            // An unrotated layer lands on whole pixels, up to ½ pixel off: 3.5 alpha steps on the ramp.
                            let found = clippedDraw(guarded.frame, placement, sourceWidth: 30, alphaAt: alphaAt,
                                                    tolerance: name == "alpha ramp" ? 5 : 1)
                            XCTAssertEqual(Array(found.wrong.prefix(4)), [], what)
                            XCTAssertGreaterThan(found.changed, 0, "\(what): drew nothing")
                            covered += found.inside
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(covered, 600_000, "samples checked well inside the layers")
    }

    /// Centres that put a `size` layer turned by `rotation` across each corner and edge midpoint of a
    /// `width`×`height` canvas: on that point, then moved straight out from the canvas until the layer
    /// reaches 6.37 pixels past it, then until it reaches only 0.5 pixels past it.
    func centres(across width: Int, _ height: Int, _ size: (Double, Double), _ rotation: Double) -> [(Double, Double)] {
        let c = cos(rotation * .pi / 180), s = sin(rotation * .pi / 180)
        let w = Double(width), h = Double(height)
        var found: [(Double, Double)] = []
        // Each point, and the way out of the canvas from it.
        let points: [(x: Double, y: Double, out: (x: Double, y: Double))] = [
            (0, 0, (-1, -1)), (w / 2, 0, (0, -1)), (w, 0, (1, -1)), (0, h / 2, (-1, 0)),
            (w, h / 2, (1, 0)), (0, h, (-1, 1)), (w / 2, h, (0, 1)), (w, h, (1, 1)),
        ]
        for point in points {
            let length = (point.out.x * point.out.x + point.out.y * point.out.y).squareRoot()
            let dx = point.out.x / length, dy = point.out.y / length
            // How far the centre can move along (dx, dy) before the point leaves the turned rectangle.
            let alongA = size.0 / 2 / max(abs(dx * c + dy * s), 1e-9), alongB = size.1 / 2 / max(abs(-dx * s + dy * c), 1e-9)
            let along = min(alongA, alongB)
            for t in [0, along - 6.37, along - 0.5] where t >= 0 { found.append((point.x + t * dx, point.y + t * dy)) }
        }
        return found
    }

    /// Checks every sample of a black canvas after drawing a Y 235, U 200, V 60 layer (`sourceWidth`
    /// wide, alpha `alphaAt(x)` at source position x, a linear ramp or constant so bilinear sampling
    /// is exact) at `p`. Samples well inside the layer hold its colour blended by that alpha, samples
    /// well outside are untouched, those on its anti-aliased edges lie between the two.
    func clippedDraw(_ canvas: Frame, _ p: LayerPlacement, sourceWidth: Int, alphaAt: (Double) -> Double,
                     tolerance: Double) -> (wrong: [String], inside: Int, changed: Int) {
        let c = cos(p.rotation * .pi / 180), s = sin(p.rotation * .pi / 180)
        var wrong: [String] = [], inside = 0, changed = 0
        // Plane, canvas pixels per sample, margins inside/outside the edge, the layer's colour less the canvas's.
        let planes: [(Int, Double, Double, Double, Double)] = [(0, 1, 1.5, 1, 235 - 16), (1, 2, 2, 1.5, 200 - 128), (2, 2, 2, 1.5, 60 - 128)]
        for (plane, step, innerMargin, outerMargin, swing) in planes {
            let base = plane == 0 ? 16.0 : 128
            for (y, row) in P.plane(canvas, plane).enumerated() {
                for (x, got) in row.enumerated() {
                    let dx = step * (Double(x) + 0.5) - p.centerX, dy = step * (Double(y) + 0.5) - p.centerY
                    let a = dx * c + dy * s, b = -dx * s + dy * c
                    let at = "plane \(plane) (\(x), \(y))"
                    if plane == 0 && got != 16 { changed += 1 }
                    if abs(a) < p.width / 2 - innerMargin && abs(b) < p.height / 2 - innerMargin {
                        let expected = base + swing * alphaAt((a + p.width / 2) * Double(sourceWidth) / p.width) / 255
                        if abs(Double(got) - expected) > tolerance { wrong.append("\(at) inside: \(got), expected ≈\(expected)") }
                        inside += 1
                    } else if abs(a) > p.width / 2 + outerMargin || abs(b) > p.height / 2 + outerMargin {
                        if Double(got) != base { wrong.append("\(at) outside: \(got), expected \(base)") }
                    } else if !(min(base, base + swing)...max(base, base + swing)).contains(Double(got)) {
                        wrong.append("\(at) on the edge: \(got), not between \(base) and \(base + swing)")
                    }
                }
            }
        }
        return (wrong, inside, changed)
    }

    func testLayerWhollyOffCanvasOrInvisibleDrawsNothing() throws {
        let canvas = try P.make(64, 40, y: { x, y in 16 + x + y }, u: { x, _ in 100 + x })
        let before = P.planes(canvas)
        let layer = try P.solid(10, 10, y: 235)
        for placement in [LayerPlacement(centerX: -100, centerY: 20, width: 10, height: 10),
                          LayerPlacement(centerX: 200, centerY: 20, width: 10, height: 10, rotation: 45),
                          LayerPlacement(centerX: 32, centerY: -6, width: 10, height: 10),
                          LayerPlacement(centerX: 32, centerY: 20, width: 10, height: 10, opacity: 0),
                          LayerPlacement(centerX: 32, centerY: 20, width: 0, height: 10),
                          LayerPlacement(centerX: .nan, centerY: 20, width: 10, height: 10)] {
            try compositor.draw(layer, placement, onto: canvas)
        }
        XCTAssertEqual(P.planes(canvas), before)
    }

    // MARK: Crop and scaling

    /// 32×32 in four quadrants: Y 50 | 100 over 150 | 200, U 60 | 90 over 170 | 220.
    func quadrants() throws -> Frame {
        try P.make(32, 32, y: { x, y in [[50, 100], [150, 200]][y / 16][x / 16] },
                   u: { x, y in [[60, 90], [170, 220]][y / 8][x / 8] })
    }

    func testCropSelectsThePartOfTheSource() throws {
        let canvas = try black(32, 32)
        // The top-right quadrant, 1:1, into the top-left of the canvas.
        try compositor.draw(try quadrants(), LayerPlacement(centerX: 8, centerY: 8, width: 16, height: 16, crop: (16, 0, 16, 16)), onto: canvas)
        XCTAssertEqual(Set(P.plane(canvas, 0)[0..<16].flatMap { $0[0..<16] }), [100])
        XCTAssertEqual(Set(P.plane(canvas, 1)[0..<8].flatMap { $0[0..<8] }), [90])
        XCTAssertEqual(P.at(canvas, 0, 16, 5), 16)
        // The bottom-left quadrant scaled up to cover the canvas.
        try compositor.draw(try quadrants(), LayerPlacement(centerX: 16, centerY: 16, width: 32, height: 32, crop: (0, 16, 16, 16)), onto: canvas)
        XCTAssertEqual(Set(P.plane(canvas, 0).joined()), [150])
        XCTAssertEqual(Set(P.plane(canvas, 1).joined()), [170])
    }

    /// A horizontal ramp: luma `40 + 10x`, chroma `60 + 8·column`.
    func ramp(_ w: Int, _ h: Int) throws -> Frame { try P.make(w, h, y: { x, _ in 40 + 10 * x }, u: { x, _ in 60 + 8 * x }) }

    func testAxisAlignedUpscaleFollowsTheRamp() throws {
        // 16 → 32 wide: canvas column X samples source position (X + ½)/2 − ½.
        let canvas = try black(32, 16)
        try compositor.draw(try ramp(16, 8), .covering(width: 32, height: 16), onto: canvas)
        for x in 2..<30 { assertNear(P.at(canvas, 0, x, 8), 40 + 10 * ((Double(x) + 0.5) / 2 - 0.5), 2, "Y at \(x)") }
        for c in 2..<14 { assertNear(P.at(canvas, 1, c, 4), 60 + 8 * ((Double(c) + 0.5) / 2 - 0.5), 2, "U at \(c)") }
    }

    func testAxisAlignedDownscaleFollowsTheRamp() throws {
        // 64 → 32 wide (luma 40 + 3x): canvas column X samples source position 2X + ½.
        let canvas = try black(32, 16)
        let layer = try P.make(64, 16, y: { x, _ in 40 + 3 * x })
        try compositor.draw(layer, .covering(width: 32, height: 16), onto: canvas)
        for x in 2..<30 { assertNear(P.at(canvas, 0, x, 8), 40 + 3 * (2 * Double(x) + 0.5), 2, "Y at \(x)") }
    }

    func testLargeZoomSamplesTheSourceBilinearly() throws {
        // 20×8 drawn 200×80 (ten times the canvas area: no pre-scale) about (16, 8): left edge at −84.
        let canvas = try black(32, 16)
        try compositor.draw(try ramp(20, 8), LayerPlacement(centerX: 16, centerY: 8, width: 200, height: 80), onto: canvas)
        for x in 0..<32 {
            let u = (Double(x) + 0.5 + 84) / 10 - 0.5
            assertNear(P.at(canvas, 0, x, 8), 40 + 10 * u, 2, "Y at \(x)")
        }
    }

    func testOneCompositorMatchesFreshOnesAcrossChangingLayers() throws {
        // Scratch frames and buffers are reused and only grow: results must not depend on history.
        let shared = LayerCompositor()
        let layers = [try ramp(20, 8), try quadrants(), try P.make(9, 7, y: { x, y in 30 + 20 * x + y }, alpha: { x, y in 40 * y + x })]
        for (i, size) in [(30.0, 12.0), (11, 5), (40, 30), (7.5, 9.25), (24, 24)].enumerated() {
            for rotation in [0.0, 20] {
                let layer = layers[i % layers.count]
                let placement = LayerPlacement(centerX: 30.3, centerY: 19.6, width: size.0, height: size.1, rotation: rotation, opacity: 0.8)
                let a = try black(), b = try black()
                try shared.draw(layer, placement, onto: a)
                try LayerCompositor().draw(layer, placement, onto: b)
                XCTAssertEqual(P.planes(a), P.planes(b), "draw \(i) at \(rotation)°")
            }
        }
    }

    // MARK: Formats and ownership

    func testRefusesOtherPixelFormats() throws {
        let rgb = try Frame.video(width: 8, height: 8, format: AV_PIX_FMT_RGB24)
        XCTAssertThrowsError(try compositor.draw(try P.solid(8, 8, y: 16), .covering(width: 8, height: 8), onto: rgb)) {
            XCTAssertTrue("\($0)".contains("canvas is rgb24"), "\($0)")
        }
        XCTAssertThrowsError(try compositor.draw(rgb, .covering(width: 8, height: 8), onto: try black(8, 8))) {
            XCTAssertTrue("\($0)".contains("layer is rgb24"), "\($0)")
        }
    }

    func testACanvasSharedWithAnotherHolderIsCopiedNotChanged() throws {
        let canvas = try black(16, 16)
        let held = try canvas.reference()
        try compositor.draw(try P.solid(16, 16, y: 235), .covering(width: 16, height: 16), onto: canvas)
        XCTAssertEqual(Set(P.plane(held, 0).joined()), [16])
        XCTAssertEqual(Set(P.plane(canvas, 0).joined()), [235])
    }
}
