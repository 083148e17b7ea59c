import Foundation
import XCTest

/// Wide-gamut and HDR sources into an SDR output (PRODUCT.md §6): sources synthesised here as
/// 10-bit patches whose code values come from the standards' formulas (BT.2020's matrix, BT.1886's
/// display gamma, BT.2087's primaries conversion, ST 2084's PQ, BT.2100's HLG), encoded losslessly
/// (FFV1) and tagged; the output decoded by ffmpeg to RGB by its own tags. SDR light is
/// display-referred (BT.1886's gamma 2.4 both ways, as BT.2087 allows and zimg and zscale do).
final class ColorConversionTests: XCTestCase {
    /// The RGB of each patch's centre in the first frame of a render of `name`.
    func rendered(_ ws: Workspace, _ name: String, patches: Int) throws -> [(r: Int, g: Int, b: Int)] {
        let (w, h) = (32 * patches, 32)
        let out = try ws.render(#"{ "version": 1, "output": { "width": \#(w), "height": \#(h), "frameRate": 10 }, "timeline": { "videos": [ { "src": "\#(name)" } ] } }"#,
                                to: name + ".mp4")
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rgb = [UInt8](r.stdout)
        XCTAssertEqual(rgb.count, w * h * 3)
        return (0..<patches).map { i in
            let at = (16 * w + i * 32 + 16) * 3
            return (Int(rgb[at]), Int(rgb[at + 1]), Int(rgb[at + 2]))
        }
    }

    func assertGrey(_ c: (r: Int, g: Int, b: Int), _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(max(c.r, c.g, c.b) - min(c.r, c.g, c.b), 3, "\(what) stays grey: \(c)", file: file, line: line)
    }

    /// BT.709's pure green and a grey, carried in a BT.2020 SDR source, come out as pure green and
    /// the same grey (before: green read as (146, 253, 76)); BT.2020's own red, outside BT.709, comes
    /// out red: hue kept, not a channel clipped into orange or pink.
    func testWideGamutSDRIsConvertedInLinearLight() throws {
        let ws = try Workspace()
        let green = ColorPatches.bt709in2020(0, 1, 0)
        try ColorPatches.write(ws, "wide.mkv", [ColorPatches.bt2020(green.0, green.1, green.2), ColorPatches.bt2020(0.2, 0.2, 0.2), ColorPatches.bt2020(1, 0, 0)],
                   tags: ["-color_primaries", "bt2020", "-color_trc", "bt2020-10", "-colorspace", "bt2020nc", "-color_range", "tv"])
        let c = try rendered(ws, "wide.mkv", patches: 3)
        XCTAssertLessThanOrEqual(c[0].r, 12, "green: \(c[0])")
        XCTAssertGreaterThanOrEqual(c[0].g, 251, "green: \(c[0])")
        XCTAssertLessThanOrEqual(c[0].b, 12, "green: \(c[0])  (a 1/1000 of linear light is 9 codes after gamma)")
        let greyLevel = ColorPatches.gamma(0.2) * 255
        assertGrey(c[1], "BT.2020 grey")
        XCTAssertEqual(Double(c[1].g), greyLevel, accuracy: 3, "linear 0.2 is the same grey in either gamut")
        // BT.2020's red is (1.66, -0.12, -0.02) in BT.709's primaries: brought inside towards its
        // own luminance it stays red (a little towards magenta, where it lies), not orange or pink.
        XCTAssertGreaterThanOrEqual(c[2].r, 245, "red: \(c[2])")
        XCTAssertLessThanOrEqual(c[2].g, 12, "red: \(c[2])")
        XCTAssertLessThan(c[2].b, c[2].r / 2, "red: \(c[2])")
    }

    /// HLG's reference white (signal 0.75, BT.2408) becomes SDR white, not grey 190; a brighter
    /// patch is not darker; a darker one stays below; greys stay grey.
    func testHLGReferenceWhiteBecomesSDRWhite() throws {
        let ws = try Workspace()
        try ColorPatches.write(ws, "hlg.mkv", [ColorPatches.grey(0.5), ColorPatches.grey(0.75), ColorPatches.grey(0.9)],
                   tags: ["-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-color_range", "tv"])
        let c = try rendered(ws, "hlg.mkv", patches: 3)
        for (i, what) in ["HLG 0.5", "HLG 0.75", "HLG 0.9"].enumerated() { assertGrey(c[i], what) }
        XCTAssertGreaterThanOrEqual(c[1].g, 245, "reference white is SDR white: \(c[1])")
        XCTAssertGreaterThanOrEqual(c[2].g, c[1].g, "a highlight is not darker than white")
        XCTAssertLessThan(c[0].g, c[1].g - 30, "a darker grey stays darker: \(c)")
    }

    /// PQ at 203 cd/m² (BT.2408's reference white) becomes SDR white (before: grey 149); 1000 cd/m²
    /// is not darker; 100 cd/m² is darker; greys stay grey.
    func testPQReferenceWhiteBecomesSDRWhite() throws {
        let ws = try Workspace()
        try ColorPatches.write(ws, "pq.mkv", [ColorPatches.grey(ColorPatches.pq(100)), ColorPatches.grey(ColorPatches.pq(203)), ColorPatches.grey(ColorPatches.pq(1000))],
                   tags: ["-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", "-color_range", "tv"])
        let c = try rendered(ws, "pq.mkv", patches: 3)
        for (i, what) in ["PQ 100", "PQ 203", "PQ 1000"].enumerated() { assertGrey(c[i], what) }
        XCTAssertGreaterThanOrEqual(c[1].g, 245, "reference white is SDR white: \(c[1])")
        XCTAssertGreaterThanOrEqual(c[2].g, c[1].g, "a highlight is not darker than white")
        // 100 cd/m² is 100/203 of reference white in linear light: BT.709's signal of that.
        XCTAssertEqual(Double(c[0].g), ColorPatches.gamma(100.0 / 203) * 255, accuracy: 4, "below the knee, light is kept: \(c[0])")
    }

    /// A timeline mixing an HLG clip, an SDR white card, a title and a PNG logo into an SDR output:
    /// the HDR clip's reference white meets the SDR card's white at the cut (no visible step), and the
    /// title and the logo are drawn over the converted picture in their own colours.
    func testAMixedTimelineMatchesAtTheCut() throws {
        let ws = try Workspace()
        try ColorPatches.write(ws, "hlg.mkv", [ColorPatches.grey(0.75), ColorPatches.grey(0.75), ColorPatches.grey(0.75)],
                   tags: ["-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-color_range", "tv"])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", ws.path("logo.png")])
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 96, "height": 32, "frameRate": 10 },
          "timeline": {
            "videos": [ { "src": "hlg.mkv" }, { "color": "#FFFFFF", "duration": 0.5 } ],
            "overlays": [ { "type": "image", "src": "logo.png", "start": 0, "duration": 0.5,
                            "position": { "x": 0.1, "y": 0.5 } },
                          { "type": "text", "text": "A", "start": 0, "duration": 1, "font": { "size": 20, "color": "#000000" },
                            "position": { "x": 0.9, "y": 0.5 } } ] } }
        """##, to: "mixed.mp4")
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rgb = [UInt8](r.stdout), frame = 96 * 32 * 3
        XCTAssertEqual(rgb.count, 10 * frame)
        func pixel(_ f: Int, _ x: Int, _ y: Int) -> (Int, Int, Int) {
            let at = f * frame + (y * 96 + x) * 3
            return (Int(rgb[at]), Int(rgb[at + 1]), Int(rgb[at + 2]))
        }
        let hdr = pixel(4, 48, 16), sdr = pixel(5, 48, 16)
        XCTAssertLessThanOrEqual(abs(hdr.0 - sdr.0), 8, "HLG white \(hdr) against the SDR card's \(sdr)")
        let logo = pixel(2, 10, 16)
        XCTAssertGreaterThan(logo.0, 200, "the logo is red: \(logo)")
        XCTAssertLessThan(logo.1, 60, "the logo is red: \(logo)")
        let title = (0..<32).map { y in (80..<96).map { pixel(2, $0, y).0 }.min() ?? 255 }.min() ?? 255
        XCTAssertLessThan(title, 80, "the black title is drawn over the converted white")
    }

    /// An HDR picture of odd size (AV1 and VP9 allow it) converts too: zimg takes whole chroma
    /// samples, so its last column and row are left out of the crop rather than failing the render.
    func testAnOddSizedHDRPictureConverts() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0xBFBFBF:s=33x31:r=10:d=0.5", "-pix_fmt", "yuv420p10le", "-c:v", "ffv1",
                          "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-color_range", "tv",
                          ws.path("odd.mkv")])
        let out = try ws.render(#"{ "version": 1, "output": { "width": 32, "height": 32, "frameRate": 10 }, "timeline": { "videos": [ { "src": "odd.mkv" } ] } }"#,
                                to: "odd.mp4")
        let luma = try XCTUnwrap(try Tools.lumaFrames(out, width: 32, height: 32).first)
        XCTAssertGreaterThanOrEqual(Int(luma[16 * 32 + 16]), 225, "HLG 75 % is SDR white")
    }
}
