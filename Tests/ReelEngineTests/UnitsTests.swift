@testable import ReelEngine
import ReelSpec
import XCTest

/// Units through the whole render: a frame or position written in pixels, percent or viewport
/// units draws exactly what the same place in fractions draws, on decoded pixels of a lossless
/// output (64×48, so vmin is of the height and vmax of the width).
final class UnitsTests: XCTestCase {
    func frames(_ ws: Workspace, _ timeline: String, name: String) throws -> [[UInt8]] {
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "background": "#000000", "video": { "crf": 0 } },
          "timeline": \##(timeline) }
        """##, to: name)
        return try Tools.yuvFrames(out, width: 64, height: 48)
    }

    func pip(_ frame: String) -> String {
        ##"""
        { "videos": [ { "color": "#000000", "duration": 1 } ],
          "overlays": [ { "type": "video", "src": "pip.mp4", "start": 0, "frame": \##(frame) } ] }
        """##
    }

    func testAFrameInUnitsDrawsWhatTheSameFractionsDraw() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=32x32:r=10:d=1", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", ws.path("pip.mp4")])
        let fractions = try frames(ws, pip(#"{ "x": 0.75, "y": 0.5, "width": 0.25, "height": 0.5 }"#), name: "f.mp4")
        // 48 of 64 px, 50 % of 48, 16 px = 25vw of 64, 24 px = 50vh of 48.
        let units = try frames(ws, pip(#"{ "x": "48px", "y": "50%", "width": "25vw", "height": "50vh" }"#), name: "u.mp4")
        XCTAssertEqual(units.count, 10)
        XCTAssertEqual(units, fractions, "the same rectangle, pixel for pixel")
        XCTAssertEqual(Int(units[5][24 * 64 + 48]), 235, accuracy: 2, "white inside")
        XCTAssertEqual(Int(units[5][24 * 64 + 36]), 16, accuracy: 2, "black left of it (x 40…56)")

        // vmin is of the smaller side (48): 25vmin = 12 px wide, 50vmax = 32 px high (of 64).
        let v = try frames(ws, pip(#"{ "x": "48px", "y": "24px", "width": "25vmin", "height": "50vmax" }"#), name: "v.mp4")
        let row = v[5][(24 * 64)..<(25 * 64)].map(Int.init)
        XCTAssertEqual(row.indices.filter { row[$0] > 125 }, Array(42..<54), "12 px wide, centred at 48")
        let column = (0..<48).map { Int(v[5][$0 * 64 + 48]) }
        XCTAssertEqual(column.indices.filter { column[$0] > 125 }, Array(8..<40), "32 px high, centred at 24")
    }

    func testKeyframedPositionsTakeUnits() throws {
        let ws = try Workspace()
        let layer = { (x: String, y: String) in
            ##"{ "videos": [ { "color": "#FFFFFF", "duration": 1, "fit": "stretch", "keyframes": [ { "time": 0, "scale": 0.25, "x": \##(x), "y": \##(y) }, { "time": 1, "x": 0.75 } ] } ] }"##
        }
        let fractions = try frames(ws, layer("0.25", "0.5"), name: "f.mp4")
        let units = try frames(ws, layer(#""16px""#, #""50%""#), name: "u.mp4")
        XCTAssertEqual(units, fractions, "x from 16 px (0.25 of 64) towards 0.75, y at 50 %")
        XCTAssertEqual(Int(units[0][24 * 64 + 16]), 235, accuracy: 2, "the block starts centred at x 16")
        XCTAssertEqual(Int(units[0][24 * 64 + 48]), 16, accuracy: 2)
    }
}
