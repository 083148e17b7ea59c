import Foundation
import XCTest

/// Wide-gamut and HDR sources into an SDR output (Sources/ReelEngine/README.md (colour)): sources synthesised here as
/// 10-bit patches whose code values come from the standards' formulas (BT.2020's matrix and OETF,
/// BT.1886's display gamma, BT.2087's primaries conversion, ST 2084's PQ, BT.2100's HLG), encoded
/// losslessly (FFV1) and tagged; the output decoded by ffmpeg to RGB by its own tags. SDR video's
/// primaries are converted in scene light (the OETF H.273 defines its transfers by, both ways), HDR
/// into SDR in display light (BT.1886's gamma 2.4 for the SDR output).
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
        XCTAssertLessThanOrEqual(c[0].b, 12, "green: \(c[0])")
        let greyLevel = ColorPatches.oetf(0.2) * 255
        assertGrey(c[1], "BT.2020 grey")
        XCTAssertEqual(Double(c[1].g), greyLevel, accuracy: 3, "linear 0.2 is the same grey in either gamut")
        // BT.2020's red is (1.66, -0.12, -0.02) in BT.709's primaries: brought inside towards its
        // own luminance it stays red (a little towards magenta, where it lies), not orange or pink.
        XCTAssertGreaterThanOrEqual(c[2].r, 245, "red: \(c[2])")
        XCTAssertLessThanOrEqual(c[2].g, 12, "red: \(c[2])")
        XCTAssertLessThan(c[2].b, c[2].r / 2, "red: \(c[2])")
    }

    /// Issue 36 (6): a 1280×720 BT.2020 SDR source (BT.2020 primaries and matrix, BT.709 transfer,
    /// 10-bit) holding BT.709's pure green, Y′CbCr 778/252/361, comes out of an 8-bit H.264 output as
    /// the standards compute it (before: (0, 247, 75), its primaries converted in gamma 2.4's light,
    /// where this green lies outside BT.709 and the gamut mapping tinted it).
    func testBT709GreenInABT2020SDRSourceStaysGreen() throws {
        let ws = try Workspace()
        let (w, h) = (1280, 720)
        try Tools.ffmpeg(["-f", "lavfi", "-i", "nullsrc=s=\(w)x\(h):r=10:d=0.3,format=yuv420p10le,geq=lum=778:cb=252:cr=361",
                          "-color_primaries", "bt2020", "-color_trc", "bt709", "-colorspace", "bt2020nc", "-color_range", "tv",
                          "-c:v", "ffv1", ws.path("green.mkv")])
        let out = try ws.render(#"{ "version": 1, "output": { "width": 1280, "height": 720, "frameRate": 10, "video": { "crf": 0 } }, "timeline": { "videos": [ { "src": "green.mkv" } ] } }"#,
                                to: "green.mp4")  // lossless: the codes Reel wrote
        let video = try XCTUnwrap(Tools.stream(Tools.probe(out), "video"))
        XCTAssertEqual(video["codec_name"] as? String, "h264")
        XCTAssertEqual(video["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(video["color_space"] as? String, "bt709", "read back with BT.709's matrix below")

        // The standards' arithmetic: 10-bit limited range; BT.2020's non-constant-luminance matrix
        // undone; H.273's BT.709 OETF undone (scene light); BT.2087's BT.709-to-BT.2020 matrix
        // inverted; BT.709's OETF again, in 8 bits.
        let (y, cb, cr) = ((778.0 - 64) / 876, (252.0 - 512) / 896, (361.0 - 512) / 896)
        let r2020 = y + 1.4746 * cr, b2020 = y + 1.8814 * cb
        let g2020 = (y - 0.2627 * r2020 - 0.0593 * b2020) / 0.6780
        let light2020 = [r2020, g2020, b2020].map(ColorPatches.inverseOETF)
        let l = ColorPatches.bt2020in709(light2020[0], light2020[1], light2020[2]), light709 = [l.0, l.1, l.2]
        XCTAssertGreaterThan(light709.min()!, -0.005, "inside BT.709 but for the codes' rounding: \(light709)")
        XCTAssertGreaterThan(light709[1], 0.995, "BT.709's green: \(light709)")
        let expected = light709.map { ColorPatches.oetf(min(max($0, 0), 1)) * 255 }

        // The output's centre decoded with BT.709's matrix, 8-bit limited range.
        let frame = try XCTUnwrap(try Tools.yuvFrames(out, width: w, height: h).first)
        let luma = Double(frame[h / 2 * w + w / 2]), chroma = h / 4 * (w / 2) + w / 4
        let (pb, pr) = ((Double(frame[w * h + chroma]) - 128) / 224, (Double(frame[w * h * 5 / 4 + chroma]) - 128) / 224)
        let yp = (luma - 16) / 219
        let got = [yp + 1.5748 * pr, yp - 0.1873 * pb - 0.4681 * pr, yp + 1.8556 * pb].map { $0 * 255 }
        // Dithered to 8 bits, a component may be a step off (a step of Cb is 2.1 of B′, of Y′ 1.2);
        // the codes' rounding leaves red 0.002 below 0, which the gamut mapping brings in by lifting
        // blue by a step more.
        for (i, name) in ["R′", "G′", "B′"].enumerated() {
            XCTAssertEqual(got[i], expected[i], accuracy: 4, "\(name): got \(got), expected \(expected)")
        }
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
