import Foundation
@testable import ReelEngine
import XCTest

/// `spin` is a 3D turn about the vertical axis drawn in perspective, for every overlay type: mid-turn
/// the picture is a trapezoid (the edge turned towards the viewer taller than the far one), not a
/// narrower rectangle. Measured on ffmpeg-decoded pixels.
final class SpinTests: XCTestCase {
    /// Heights of the leftmost and rightmost white columns and the white width, at `t`.
    private func shape(_ ws: Workspace, overlay: String, at t: Double) throws -> (left: Int, right: Int, width: Int) {
        let path = try ws.render(##"""
        { "version": 1, "output": { "format": "png", "width": 320, "height": 180, "range": { "start": \##(t), "duration": 1 } },
          "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ], "overlays": [ \##(overlay) ] } }
        """##, to: "spin\(t).png")
        let image = try RGBImage(path)
        let b = try XCTUnwrap(image.bounds(of: (255, 255, 255), tolerance: 60))
        func height(_ x: Int) -> Int { (0..<image.height).filter { image.matches(x, $0, (255, 255, 255), tolerance: 60) }.count }
        return (height(b.minX + 1), height(b.maxX - 1), b.maxX - b.minX + 1)
    }

    func testImageAndTextTurnInPerspective() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=white:s=96x64", "-frames:v", "1", ws.path("card.png")])
        let overlays = [
            ##"{ "type": "image", "src": "card.png", "start": 0, "frame": { "x": 0.5, "y": 0.5, "width": 0.3 }, "animations": [ { "type": "spin", "duration": 1 } ] }"##,
            ##"{ "type": "text", "text": "██", "start": 0, "font": { "family": "DejaVu Sans", "size": 48 }, "animations": [ { "type": "spin", "duration": 1 } ] }"##,
        ]
        for overlay in overlays {
            let facing = try shape(ws, overlay: overlay, at: 1.5)
            let turning = try shape(ws, overlay: overlay, at: 0.25)
            XCTAssertEqual(facing.left, facing.right, accuracy: 1, "facing: a rectangle")
            XCTAssertLessThan(turning.width, facing.width - 10, "turned, it is narrower")
            XCTAssertGreaterThan(abs(turning.left - turning.right), 3, "one edge is nearer the viewer than the other: \(turning)")
            XCTAssertGreaterThan(max(turning.left, turning.right), facing.left, "the near edge grows past the facing height")
            XCTAssertLessThan(min(turning.left, turning.right), facing.left, "the far edge shrinks")
        }
    }
}
