import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// Images 1 pixel wide or high (1×1, 1×9) through the whole render and a preview: as plain video
/// items (fit, fit blur), as video items drawn as layers (a chroma key, a blur filter, fit blur), and
/// as overlays. Each must render, and its decoded pixels be the image's colour where it is drawn.
final class TinyImageTests: XCTestCase {
    static let (width, height) = (64, 48)
    static let red = (r: 255, g: 0, b: 0), blue = (r: 0, g: 0, b: 255), black = (r: 0, g: 0, b: 0), grey = (r: 128, g: 128, b: 128)

    /// `one.png`: 1×1 red with alpha; `tall.png`: 1×9 blue without.
    func images(_ ws: Workspace) throws {
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=1x1,format=rgba", "-frames:v", "1", ws.path("one.png")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=1x9,format=rgb24", "-frames:v", "1", ws.path("tall.png")])
    }

    /// Pixel (x, y) of an RGBA picture of the test's size is `colour`, each channel within 24 levels.
    func assertPixel(_ f: [UInt8], _ x: Int, _ y: Int, is colour: (r: Int, g: Int, b: Int), _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        guard f.count == Self.width * Self.height * 4 else {
            return XCTFail("\(what): \(f.count) bytes, not a \(Self.width)×\(Self.height) RGBA picture", file: file, line: line)
        }
        let at = (y * Self.width + x) * 4
        let got = (r: Int(f[at]), g: Int(f[at + 1]), b: Int(f[at + 2]))
        XCTAssertTrue(abs(got.r - colour.r) <= 24 && abs(got.g - colour.g) <= 24 && abs(got.b - colour.b) <= 24,
                      "\(what): pixel (\(x), \(y)) is \(got), not \(colour)", file: file, line: line)
    }

    func testTinyImagesRenderAsVideoItems() throws {
        let ws = try Workspace()
        try images(ws)
        // Two frames per item. The 1×1 picture fits at 48×48 (bars at x < 8), the 1×9 one at 6×48
        // from x = 28; drawn as a layer, at 48×48 and 12×48 (its layer is 2×8), centred alike.
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "video": { "crf": 0 } },
          "timeline": { "videos": [
            { "src": "one.png", "duration": 0.2 },
            { "src": "tall.png", "duration": 0.2 },
            { "src": "one.png", "duration": 0.2, "chromaKey": {} },
            { "src": "tall.png", "duration": 0.2, "fit": "blur", "dim": 0 },
            { "src": "one.png", "duration": 0.2, "filters": [ { "type": "blur", "amount": 2 } ] },
            { "src": "tall.png", "duration": 0.2, "fit": "blur", "dim": 0, "chromaKey": {} } ] } }
        """##)
        let frames = try Tools.rgbaFrames(out, width: Self.width, height: Self.height)
        XCTAssertEqual(frames.count, 12)
        guard frames.count == 12 else { return }
        assertPixel(frames[0], 32, 24, is: Self.red, "1×1, fit")
        assertPixel(frames[0], 2, 24, is: Self.black, "1×1, fit: the bar")
        assertPixel(frames[2], 30, 24, is: Self.blue, "1×9, fit")
        assertPixel(frames[2], 10, 24, is: Self.black, "1×9, fit: the bar")
        assertPixel(frames[4], 32, 24, is: Self.red, "1×1 with a chroma key")
        assertPixel(frames[4], 2, 24, is: Self.black, "1×1 with a chroma key: the bar")
        assertPixel(frames[6], 30, 24, is: Self.blue, "1×9, fit blur")
        assertPixel(frames[6], 5, 24, is: Self.blue, "1×9, fit blur: the bar is the picture, filled and blurred")
        assertPixel(frames[8], 32, 24, is: Self.red, "1×1 with a blur filter")
        assertPixel(frames[10], 30, 24, is: Self.blue, "1×9, fit blur, drawn as a layer")
        assertPixel(frames[10], 5, 24, is: Self.blue, "1×9, fit blur, drawn as a layer: the bar")
    }

    func testTinyImagesRenderAndPreviewAsOverlays() throws {
        let ws = try Workspace()
        try images(ws)
        // On a grey card: the 1×1 picture over 16×24 px centred at (16, 24), the 1×9 one over 8×36
        // px centred at (48, 24), and the 1×1 keyed and blurred over 8×6 px centred at (32, 6).
        let spec = ##"""
        { "version": 1, "output": { "width": 64, "height": 48, "frameRate": 10, "video": { "crf": 0 } },
          "timeline": { "videos": [ { "color": "#808080", "duration": 0.4 } ],
            "overlays": [
              { "type": "image", "src": "one.png", "start": 0, "duration": 0.4, "frame": { "x": 0.25, "y": 0.5, "width": 0.25, "height": 0.5 } },
              { "type": "image", "src": "tall.png", "start": 0, "duration": 0.4, "frame": { "x": 0.75, "y": 0.5, "width": 0.125, "height": 0.75 } },
              { "type": "image", "src": "one.png", "start": 0, "duration": 0.4, "chromaKey": {}, "filters": [ { "type": "blur", "amount": 1 } ],
                "frame": { "x": 0.5, "y": 0.125, "width": 0.125, "height": 0.125 } } ] } }
        """##
        let out = try ws.render(spec)
        let frame = try XCTUnwrap(Tools.rgbaFrames(out, width: Self.width, height: Self.height).first)
        let preview = try PreviewContext(plan: try ws.plan(spec), format: .png).image(at: .zero)
        try Data(preview.bytes).write(to: URL(fileURLWithPath: ws.path("preview.png")))
        let previewed = try XCTUnwrap(Tools.rgbaFrames(ws.path("preview.png"), width: Self.width, height: Self.height).first)
        for (f, what) in [(frame, "render"), (previewed, "preview")] {
            assertPixel(f, 16, 24, is: Self.red, "\(what): the 1×1 overlay")
            assertPixel(f, 48, 24, is: Self.blue, "\(what): the 1×9 overlay")
            assertPixel(f, 32, 6, is: Self.red, "\(what): the keyed, blurred 1×1 overlay")
            assertPixel(f, 32, 24, is: Self.grey, "\(what): the card between them")
        }
    }
}
