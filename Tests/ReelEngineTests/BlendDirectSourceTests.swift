import CFFmpeg
@testable import ReelEngine
import ReelSpec
import XCTest

/// A layer on whole pixels at its own size, opaque and unturned, is blended from its own samples
/// (`BlendModeCompositor.exactPlace`) instead of being drawn over black and over white first: for
/// every mode the canvas comes out the same to the sample as through the two plates, and a layer
/// that is not exactly placed (half a pixel off, scaled, turned, translucent, an alpha below its
/// maximum) is not read directly.
final class BlendDirectSourceTests: XCTestCase {
    typealias P = TestPicture

    func backdrop() throws -> Frame {
        try P.make(64, 40, y: { x, y in 16 + (x * 9 + y * 5) % 220 }, u: { x, y in 30 + (x * 3 + y * 7) % 190 },
                   v: { x, y in 40 + (x * 5 + y * 11) % 180 })
    }

    func layer(alpha: Bool) throws -> Frame {
        try P.make(24, 16, y: { x, y in 16 + (x * 13 + y * 3) % 220 }, u: { x, y in 20 + (x * 7 + y) % 200 },
                   v: { x, y in 60 + (x + y * 9) % 160 }, alpha: alpha ? { _, _ in 255 } : nil)
    }

    func testEveryModeReadsAnExactlyPlacedLayerAsThePlatesWould() throws {
        let blender = BlendModeCompositor(compositor: LayerCompositor())
        let placement = LayerPlacement(centerX: 22, centerY: 14, width: 24, height: 16)   // at (10, 6)
        for alpha in [false, true] {
            let layer = try layer(alpha: alpha)
            XCTAssertEqual(BlendModeCompositor.exactPlace(UInt8.self, layer, placement, try backdrop()),
                           PixelRect(x: 10, y: 6, width: 24, height: 16))
            for mode in BlendMode.allCases where mode != .normal {
                let direct = try backdrop(), plates = try backdrop()
                try blender.draw(layer, placement, mode: mode, color: .bt709, onto: direct)
                try blender.draw(layer, placement, mode: mode, color: .bt709, onto: plates, direct: false)
                XCTAssertEqual(P.planes(direct), P.planes(plates), "\(mode), alpha plane \(alpha)")
                XCTAssertNotEqual(P.planes(direct), P.planes(try backdrop()), "\(mode) changed the canvas")
            }
        }
    }

    func testOnlyAnExactPlacementIsReadDirectly() throws {
        let canvas = try backdrop(), layer = try layer(alpha: false)
        var p = LayerPlacement(centerX: 22, centerY: 14, width: 24, height: 16)
        XCTAssertNotNil(BlendModeCompositor.exactPlace(UInt8.self, layer, p, canvas))
        for change in [{ (q: inout LayerPlacement) in q.centerX += 0.5 }, { $0.centerX += 1 }, { $0.width = 25 },
                       { $0.rotation = 90 }, { $0.opacity = 0.99 }, { $0.centerX = 60 }, { $0.crop = (2, 0, 22, 16) }] {
            var q = p
            change(&q)
            XCTAssertNil(BlendModeCompositor.exactPlace(UInt8.self, layer, q, canvas), "\(q)")
        }
        let holed = try P.make(24, 16, y: { _, _ in 100 }, u: { _, _ in 128 }, v: { _, _ in 128 }, alpha: { x, y in x == 3 && y == 5 ? 254 : 255 })
        XCTAssertNil(BlendModeCompositor.exactPlace(UInt8.self, holed, p, canvas), "an alpha below its maximum")
        p.turn = 10
        XCTAssertNil(BlendModeCompositor.exactPlace(UInt8.self, layer, p, canvas))
    }
}
