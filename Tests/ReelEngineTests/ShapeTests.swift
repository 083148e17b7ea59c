import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Shapes through the whole render, white on black in a lossless output, so each pixel's luma is
/// 16 + 219 × its coverage: against the exact coverage of the geometry computed independently
/// (`Fixtures/coverage_oracle.py`: polygons clipped against each pixel, curves integrated), and
/// gradients against CSS's interpolation in premultiplied RGB.
final class ShapeTests: XCTestCase {
    static let (width, height) = (64, 48)

    /// The luma of each frame of `overlays` drawn over black (lossless H.264, 10 fps).
    func luma(_ ws: Workspace, _ overlays: String, seconds: String = "0.1", name: String = "out.mp4") throws -> [[UInt8]] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": \##(Self.width), "height": \##(Self.height), "frameRate": 10, "background": "#000000", "video": { "crf": 0 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": \##(seconds) } ], "overlays": [ \##(overlays) ] } }
        """##, to: name)
        return try Tools.yuvFrames(out, width: Self.width, height: Self.height).map { Array($0[0..<(Self.width * Self.height)]) }
    }

    func testAPolygonsEdgesAreItsExactCoverage() throws {
        let ws = try Workspace()
        // Concave, with no vertex on a pixel corner and edges at many slopes.
        let points = [[6.3, 4.7], [57.2, 9.9], [40.6, 43.1], [30.25, 20.5], [8.8, 39.4]]
        let json = points.map { "[\"\($0[0])px\", \"\($0[1])px\"]" }.joined(separator: ", ")
        let got = try luma(ws, ##"{ "type": "shape", "start": 0, "shape": "polygon", "points": [\##(json)] }"##)[0]
        let partial = CoverageOracle.assertCoverage(got, try CoverageOracle.exact(ws, ["polygons": [points]]), "polygon")
        XCTAssertGreaterThan(partial, 60, "the edges cross many pixels partly")
    }

    func testCurvesAreTheirExactCoverage() throws {
        let ws = try Workspace()
        let ellipse = try luma(ws, ##"{ "type": "shape", "start": 0, "shape": "ellipse", "frame": { "x": "31.3px", "y": "23.6px", "width": "49.4px", "height": "30.2px" } }"##,
                               name: "e.mp4")[0]
        XCTAssertGreaterThan(CoverageOracle.assertCoverage(ellipse, try CoverageOracle.exact(ws, ["ellipse": [31.3, 23.6, 24.7, 15.1]]), "ellipse"), 60)
        // A rounded rectangle from (8.5, 6.25) to (55.5, 41.75), corners of radius 10.
        let rounded = try luma(ws, ##"{ "type": "shape", "start": 0, "shape": "rect", "radius": 10, "frame": { "x": "32px", "y": "24px", "width": "47px", "height": "35.5px" } }"##,
                               name: "r.mp4")[0]
        XCTAssertGreaterThan(CoverageOracle.assertCoverage(rounded, try CoverageOracle.exact(ws, ["roundedRect": [8.5, 6.25, 55.5, 41.75, 10]]), "rounded rect"), 40)
        // An SVG path of arcs: a circle of radius 12.5 around (32.5, 24.25) in two half arcs.
        let circle = try luma(ws, ##"{ "type": "shape", "start": 0, "shape": "path", "d": "M 20 24.25 A 12.5 12.5 0 0 1 45 24.25 A 12.5 12.5 0 0 1 20 24.25 Z" }"##,
                              name: "c.mp4")[0]
        XCTAssertGreaterThan(CoverageOracle.assertCoverage(circle, try CoverageOracle.exact(ws, ["ellipse": [32.5, 24.25, 12.5, 12.5]]), "path arcs"), 40)
    }

    func testStrokesJoinsAndDashes() throws {
        let ws = try Workspace()
        // A 3 px stroke centred on the rectangle (10.25, 8.5)–(50.75, 38.5): mitred corners make a
        // ring between (8.75, 7)–(52.25, 40) and (11.75, 10)–(49.25, 37), drawn as four bands.
        let ring = try luma(ws, ##"{ "type": "shape", "start": 0, "shape": "rect", "frame": { "x": "30.5px", "y": "23.5px", "width": "40.5px", "height": "30px" }, "stroke": { "color": "#FFFFFF", "width": 3 } }"##,
                            name: "ring.mp4")[0]
        let bands = [[[8.75, 7.0], [52.25, 7.0], [52.25, 10.0], [8.75, 10.0]], [[8.75, 37.0], [52.25, 37.0], [52.25, 40.0], [8.75, 40.0]],
                     [[8.75, 10.0], [11.75, 10.0], [11.75, 37.0], [8.75, 37.0]], [[49.25, 10.0], [52.25, 10.0], [52.25, 37.0], [49.25, 37.0]]]
        XCTAssertGreaterThan(CoverageOracle.assertCoverage(ring, try CoverageOracle.exact(ws, ["polygons": bands]), "stroke ring"), 100)
        // Dashes of 7 px with 3 px gaps along a 4 px line from x 4.5 to 58.5 at y 24.5, butt caps:
        // dashes from 4.5, 14.5, 24.5, … each 7 long, the last cut at 58.5.
        let dashed = try luma(ws, ##"{ "type": "shape", "start": 0, "shape": "line", "from": ["4.5px", "24.5px"], "to": ["58.5px", "24.5px"], "stroke": { "color": "#FFFFFF", "width": 4, "dash": [7, 3] } }"##,
                              name: "dash.mp4")[0]
        let dashes = stride(from: 4.5, to: 58.5, by: 10).map { x in [[x, 22.5], [min(x + 7, 58.5), 22.5], [min(x + 7, 58.5), 26.5], [x, 26.5]] }
        XCTAssertGreaterThan(CoverageOracle.assertCoverage(dashed, try CoverageOracle.exact(ws, ["polygons": dashes]), "dashes"), 20)
        // A dashOffset of 3 starts 3 px into the pattern (SVG's stroke-dashoffset): a first dash of
        // 4 px, then every 10 px; -7 (the same as 3, modulo the pattern's 10 px) draws the same.
        for offset in ["3", "-7"] {
            let shifted = try luma(ws, ##"{ "type": "shape", "start": 0, "shape": "line", "from": ["4.5px", "24.5px"], "to": ["58.5px", "24.5px"], "stroke": { "color": "#FFFFFF", "width": 4, "dash": [7, 3], "dashOffset": \##(offset) } }"##,
                                   name: "dash-offset\(offset).mp4")[0]
            let pieces = [[[4.5, 22.5], [8.5, 22.5], [8.5, 26.5], [4.5, 26.5]]]
                + stride(from: 11.5, to: 58.5, by: 10).map { x in [[x, 22.5], [min(x + 7, 58.5), 22.5], [min(x + 7, 58.5), 26.5], [x, 26.5]] }
            XCTAssertGreaterThan(CoverageOracle.assertCoverage(shifted, try CoverageOracle.exact(ws, ["polygons": pieces]), "dashes offset by \(offset)"), 20)
        }
        // Round caps reach half the width past each end; square caps too, with corners.
        for (cap, covered) in [("butt", false), ("round", true), ("square", true)] {
            let l = try luma(ws, ##"{ "type": "shape", "start": 0, "shape": "line", "from": ["20px", "24px"], "to": ["44px", "24px"], "stroke": { "color": "#FFFFFF", "width": 8, "cap": "\##(cap)" } }"##,
                             name: "\(cap).mp4")[0]
            XCTAssertEqual(Int(l[24 * Self.width + 17]) > 200, covered, "\(cap): 3 px past the end, on the axis")
            XCTAssertEqual(Int(l[21 * Self.width + 16]) > 200, cap == "square", "\(cap): by the cap's corner")
            XCTAssertEqual(Int(l[24 * Self.width + 30]), 235, accuracy: 1, "\(cap): inside")
        }
    }

    func testGradientsInterpolatePremultipliedAsCSSDoes() throws {
        let ws = try Workspace()
        let out = try ws.render(##"""
        { "version": 1, "output": { "format": "png", "width": 64, "height": 48, "background": "#000000" },
          "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [
            { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": "32px", "y": "12px", "width": "48px", "height": "16px" },
              "fill": { "type": "linear", "stops": [ { "offset": 0, "color": "#FF0000" }, { "offset": 1, "color": "#0000FF" } ], "from": [0, 0.5], "to": [1, 0.5] } },
            { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": "32px", "y": "36px", "width": "64px", "height": "24px" },
              "fill": { "type": "radial", "stops": [ { "offset": 0, "color": "#FFFFFF" }, { "offset": 1, "color": "#FF000000" } ], "center": [0.5, 0.5], "radius": "20px" } } ] } }
        """##, to: "g.png")
        let rgba = try XCTUnwrap(Tools.rgbaFrames(out, width: 64, height: 48).first)
        func rgb(_ x: Int, _ y: Int) -> [Double] { (0..<3).map { Double(rgba[(y * 64 + x) * 4 + $0]) } }
        // Linear: from x 8 to 56 along the middle; t at a pixel's centre (inside, where 4:2:0
        // chroma is not shared with the black around the rectangle).
        for x in stride(from: 12, through: 50, by: 2) {
            let t = (Double(x) + 0.5 - 8) / 48
            let want = [255 * (1 - t), 0, 255 * t]
            XCTAssertLessThanOrEqual(zip(rgb(x, 12), want).map { abs($0 - $1) }.max()!, 6, "linear at x \(x): \(rgb(x, 12)) vs \(want)")
        }
        // Radial from opaque white to transparent red over black: premultiplied, the red lends
        // nothing, so the colour is grey 255 × (1 − t); straight interpolation would turn it pink.
        for r in [0, 4, 8, 12, 16] {
            let x = 32 + r
            let t = (Double(r) + 0.5) / 20 // centre (32, 36); the pixel's centre is half a pixel along x and on the row's middle row 35.5…36.5
            let d = ((Double(x) + 0.5 - 32) * (Double(x) + 0.5 - 32) + 0.25).squareRoot() / 20
            let want = 255 * (1 - min(1, d))
            XCTAssertLessThanOrEqual(rgb(x, 36).map { abs($0 - want) }.max()!, 6, "radial at \(r) px (t \(t)): \(rgb(x, 36)) vs grey \(want)")
        }
    }

    func testATenBitCanvasDrawsTheSameCoverageFiner() throws {
        let ws = try Workspace()
        let out = try ws.render(##"""
        { "version": 1, "output": { "format": "mov", "width": 64, "height": 48, "frameRate": 10, "background": "#000000", "video": { "codec": "prores" } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 0.1 } ], "overlays": [
            { "type": "shape", "start": 0, "shape": "ellipse", "frame": { "x": "31.3px", "y": "23.6px", "width": "49.4px", "height": "30.2px" } } ] } }
        """##, to: "p.mov")
        let r = try Tools.run("ffmpeg", ["-v", "error", "-i", out, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv444p10le", "-"])
        XCTAssertEqual(r.status, 0)
        let bytes = [UInt8](r.stdout)
        XCTAssertEqual(bytes.count, 64 * 48 * 2 * 3)
        let want = try CoverageOracle.exact(ws, ["ellipse": [31.3, 23.6, 24.7, 15.1]])
        var worst = 0.0, fine = 0
        for i in 0..<(64 * 48) {
            let y = Double(Int(bytes[2 * i]) | Int(bytes[2 * i + 1]) << 8)
            worst = max(worst, abs(y - (64 + 876 * want[i])))
            if Int(y) % 4 != 0 { fine += 1 }
        }
        XCTAssertLessThanOrEqual(worst, 6, "10-bit luma against 64 + 876 × coverage (ProRes is not lossless)")
        XCTAssertGreaterThan(fine, 10, "edge levels between the 8-bit ones: the shape was drawn at 10 bits")
    }

    func testAKeyframedShapeMovesAndChunksDrawWhatTheWholeRenderDraws() throws {
        let ws = try Workspace()
        let spec = ##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "background": "#000000", "video": { "crf": 0, "keyframeInterval": 0.5 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ], "overlays": [
            { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": 0.25, "y": 0.5, "width": "8px", "height": "8px" }, "blend": "screen",
              "keyframes": [ { "time": 0, "x": 0.25 }, { "time": 1.9, "x": 0.75 } ] },
            { "type": "shape", "start": 0.5, "shape": "ellipse", "frame": { "x": 0.5, "y": 0.25, "width": "10px" }, "fill": "#808080", "opacity": 0.5 } ] } }
        """##
        let plan = try ws.plan(spec)
        try Renderer(plan: plan).render(to: ws.path("whole.mp4"))
        let (chunked, count) = try ws.renderInChunks(plan, seconds: 1, to: "chunked.mp4")
        XCTAssertEqual(count, 2)
        let whole = try Tools.yuvFrames(ws.path("whole.mp4"), width: 64, height: 48)
        XCTAssertEqual(whole.count, 20)
        XCTAssertEqual(try Tools.yuvFrames(chunked, width: 64, height: 48), whole, "lossless: the chunks draw the same pixels")
        func lit(_ frame: [UInt8]) -> [Int] { (0..<64).filter { frame[24 * 64 + $0] > 200 } }
        XCTAssertEqual(lit(whole[0]), Array(12..<20), "8 px centred at x 16")
        XCTAssertEqual(lit(whole[19]), Array(44..<52), "8 px centred at x 48")
        XCTAssertEqual(Int(whole[4][12 * 64 + 32]), 16, accuracy: 1, "the ellipse starts at 0.5 s")
        // #808080 at opacity 0.5 over black: studio-range luma of grey 128 halfway to black.
        XCTAssertEqual(Double(whole[5][12 * 64 + 32]), 16 + (16 + 219 * 128.0 / 255 - 16) * 0.5, accuracy: 1.5)
    }

    /// A shape that keyframes move is drawn whole: one that starts wholly left of the frame and
    /// slides in lands exactly where the same shape placed there is drawn (the grid is not cut, so
    /// its centre, which the keyframes place, stays the shape's). One too large to draw whole is a
    /// 422 naming its size; one that never moves and lies wholly outside is still refused.
    func testAMovingShapeIsDrawnWholeFromOutsideTheFrame() throws {
        let ws = try Workspace()
        let moving = try luma(ws, ##"""
            { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": "-40px", "y": 0.5, "width": "24px", "height": "16px" }, "fill": "#FFFFFF",
              "stroke": { "color": "#808080", "width": 2 },
              "keyframes": [ { "time": 0, "x": "-40px" }, { "time": 0.5, "x": "32px" } ] }
            """##, seconds: "1", name: "moving.mp4")
        let placed = try luma(ws, ##"""
            { "type": "shape", "start": 0, "shape": "rect", "frame": { "x": "32px", "y": 0.5, "width": "24px", "height": "16px" }, "fill": "#FFFFFF",
              "stroke": { "color": "#808080", "width": 2 } }
            """##, name: "placed.mp4")
        XCTAssertEqual(moving.count, 10)
        XCTAssertEqual(moving[0].filter { $0 > 20 }.count, 0, "wholly outside at first")
        XCTAssertEqual(moving[9], placed[0], "in place, the whole shape with its stroke, pixel for pixel")
        XCTAssertGreaterThan(placed[0].filter { $0 > 200 }.count, 20 * 12, "the fill is there")
        // Halfway (0.3 s: x −40 + 72 × 0.6 = 3.2 px), the shape's right half is in the frame, its
        // left edge beyond it.
        XCTAssertGreaterThan(moving[3][24 * 64 + 2], 200, "the part that came into view is drawn")

        let refusal = { (overlay: String) -> String in
            do {
                _ = try ws.plan(##"""
                { "version": 1, "output": { "width": 64, "height": 48 },
                  "timeline": { "videos": [ { "color": "#000000", "duration": 1 } ], "overlays": [ \##(overlay) ] } }
                """##)
                return "planned"
            } catch { return "\(error)" }
        }
        let huge = refusal(##"{ "type": "shape", "start": 0, "shape": "ellipse", "frame": { "x": 0.5, "y": 0.5, "width": "200px", "height": "100px" }, "keyframes": [ { "time": 0, "rotation": 0 }, { "time": 1, "rotation": 90 } ] }"##)
        XCTAssertTrue(huge.contains("/timeline/overlays/0") && huge.contains("200×100 px") && huge.contains("at most 12288 px"), huge)
        let still = refusal(##"{ "type": "shape", "start": 0, "shape": "ellipse", "frame": { "x": "-40px", "y": 0.5, "width": "10px" } }"##)
        XCTAssertTrue(still.contains("lies wholly outside the frame"), still)
        XCTAssertEqual(refusal(##"{ "type": "shape", "start": 0, "shape": "ellipse", "frame": { "x": 0.5, "y": 0.5, "width": "120px", "height": "90px" }, "keyframes": [ { "time": 0, "scale": 1 }, { "time": 1, "scale": 0.5 } ] }"##),
                       "planned", "a shape larger than the frame that shrinks into it")
    }
}
