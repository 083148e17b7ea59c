import Foundation
@testable import ReelEngine
import ReelSpec
import XCTest

/// HDR outputs (Sources/ReelEngine/README.md (colour): `output.color` `hlg`, `hdr10`, `auto`). Expected code values come
/// from the standards' formulas computed here (BT.2100's HLG OETF and its display OOTF for a
/// 1000 cd/m² display, ST 2084's PQ, BT.2408's reference white of 203 cd/m²); outputs are read back
/// by ffprobe (tags, side data) and by ffmpeg decoding to raw 10-bit Y′CbCr, the values as stored.
final class HDROutputTests: XCTestCase {
    /// HLG's signal for display light `nits` of a grey on a 1000 cd/m² display (γ 1.2).
    static func hlgSignal(nits: Double) -> Double { ColorPatches.hlg(pow(nits / 1000, 1 / 1.2)) }

    /// BT.2408: SDR white is HDR reference white, 203 cd/m² — HLG 75 %, PQ 58 %.
    static let hlgWhite = ColorPatches.lumaCode(hlgSignal(nits: 203))
    static let pqWhite = ColorPatches.lumaCode(ColorPatches.pq(203))

    static let hlgTags = ["-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-color_range", "tv"]
    static let pqTags = ["-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", "-color_range", "tv"]

    /// Frame `index` of `path` decoded to 10-bit 4:2:0 planes (Y, then Cb and Cr at half size).
    func decode(_ path: String, width w: Int, height h: Int, frame index: Int = 0) throws -> (y: [Int], cb: [Int], cr: [Int]) {
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                         "-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = [UInt8](r.stdout)
        let samples = stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 }
        XCTAssertEqual(samples.count, w * h * 3 / 2, "one 10-bit 4:2:0 frame")
        guard samples.count == w * h * 3 / 2 else { return ([], [], []) }
        return (Array(samples[0..<(w * h)]), Array(samples[(w * h)..<(w * h * 5 / 4)]), Array(samples[(w * h * 5 / 4)...]))
    }

    /// The stream's tags and first frame's side data, as ffprobe reports them.
    func probe(_ path: String) throws -> (stream: [String: Any], frameSideData: [[String: Any]]) {
        let r = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_streams", "-show_frames", "-read_intervals", "%+#1",
                                          "-of", "json", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any] ?? [:]
        let stream = (json["streams"] as? [[String: Any]])?.first ?? [:]
        let frame = (json["frames"] as? [[String: Any]])?.first ?? [:]
        return (stream, frame["side_data_list"] as? [[String: Any]] ?? [])
    }

    func assertProblem(_ ws: Workspace, _ output: String, _ words: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ws.plan(##"{ "version": 1, "output": \##(output), "timeline": { "videos": [ { "color": "#FFFFFF", "duration": 1 } ] } }"##),
                             file: file, line: line) { error in
            guard let problems = (error as? SpecProblems)?.problems else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(problems.map(\.pointer), ["/output/color"], file: file, line: line)
            XCTAssertTrue(problems.first?.message.contains(words) ?? false, problems.first?.message ?? "", file: file, line: line)
        }
    }

    /// HDR asked where it cannot be is a 422 naming `/output/color`, never an SDR file in its place.
    func testHDRIsRefusedWhereItCannotBe() throws {
        let ws = try Workspace()
        assertProblem(ws, #"{ "format": "webm", "color": "hlg" }"#, "webm output is SDR")
        assertProblem(ws, #"{ "format": "gif", "color": "hdr10" }"#, "gif output is SDR")
        assertProblem(ws, #"{ "format": "png", "color": "hlg" }"#, "png output is SDR")
        assertProblem(ws, #"{ "format": "mp4", "color": "hlg", "video": { "codec": "h264" } }"#, "video.codec is h264")
        assertProblem(ws, #"{ "format": "mp4", "color": "hlg", "video": { "codec": "hevc", "profile": "main" } }"#, "main10")
        assertProblem(ws, #"{ "format": "mp4", "color": "hlg", "preset": "passthrough" }"#, "passthrough")
    }

    /// What a plan makes of `output.color`: HEVC Main 10 by default, 10-bit compositing, the canvas's
    /// space; `auto` follows the first clip, and stays SDR where HDR cannot go.
    func testThePlanResolvesTheColour() throws {
        let ws = try Workspace()
        try ColorPatches.write(ws, "hlg.mkv", [ColorPatches.grey(0.75)], tags: Self.hlgTags)
        try ColorPatches.write(ws, "sdr.mkv", [ColorPatches.grey(0.5)], tags: [])
        func plan(_ output: String, _ src: String = "hlg.mkv") throws -> RenderPlan {
            try ws.plan(##"{ "version": 1, "output": \##(output), "timeline": { "videos": [ { "src": "\##(src)" } ] } }"##)
        }
        let hlg = try plan(#"{ "color": "hlg" }"#)
        XCTAssertEqual(hlg.videoEncoding.codec, .hevc)
        XCTAssertEqual(hlg.videoEncoding.profile, "main10")
        XCTAssertEqual(hlg.sampleDepth, .ten)
        XCTAssertEqual(hlg.canvasColor, .hlg)
        XCTAssertNil(hlg.hdrMetadata, "HLG declares no mastering display")
        let pq = try plan(#"{ "format": "mov", "color": "hdr10", "video": { "codec": "prores" } }"#)
        XCTAssertEqual(pq.canvasColor, .pq)
        XCTAssertEqual(pq.hdrMetadata, .reference, "no PQ source: BT.2408's reference display")
        XCTAssertEqual(try plan(#"{ "color": "auto" }"#).color, .hlg)
        XCTAssertEqual(try plan(#"{ "color": "auto" }"#, "sdr.mkv").color, .sdr)
        XCTAssertEqual(try plan(#"{ "format": "webm", "color": "auto" }"#).color, .sdr)
        XCTAssertEqual(try plan(#"{ "color": "auto", "video": { "codec": "h264" } }"#).color, .sdr)
        XCTAssertEqual(try plan("{}").canvasColor, .bt601, "SDR stays the default")
    }

    /// An SDR white card in an HLG output has HLG's reference-white signal (75 %), an HLG grey of
    /// 0.75 in the same output stays there, and the file is tagged BT.2020/HLG, HEVC Main 10.
    func testSDRWhiteIsPlacedAtHLGReferenceWhite() throws {
        let ws = try Workspace()
        try ColorPatches.write(ws, "hlg.mkv", [ColorPatches.grey(0.75), ColorPatches.grey(0.5)], tags: Self.hlgTags)
        let out = try ws.render(##"{ "version": 1, "output": { "width": 64, "height": 32, "frameRate": 10, "color": "hlg" }, "timeline": { "videos": [ { "color": "#FFFFFF", "duration": 0.3 }, { "src": "hlg.mkv" } ] } }"##)
        let (stream, _) = try probe(out)
        XCTAssertEqual(stream["codec_name"] as? String, "hevc")
        XCTAssertEqual(stream["profile"] as? String, "Main 10")
        XCTAssertEqual(stream["pix_fmt"] as? String, "yuv420p10le")
        XCTAssertEqual(stream["color_transfer"] as? String, "arib-std-b67")
        XCTAssertEqual(stream["color_primaries"] as? String, "bt2020")
        XCTAssertEqual(stream["color_space"] as? String, "bt2020nc")
        XCTAssertEqual(stream["color_range"] as? String, "tv")
        let card = try decode(out, width: 64, height: 32, frame: 1)
        XCTAssertEqual(Double(card.y[16 * 64 + 32]), Self.hlgWhite, accuracy: 3, "white card: HLG \(Self.hlgWhite)")
        XCTAssertEqual(card.cb[8 * 32 + 16], 512, accuracy: 2)
        XCTAssertEqual(card.cr[8 * 32 + 16], 512, accuracy: 2)
        let clip = try decode(out, width: 64, height: 32, frame: 5)
        XCTAssertEqual(Double(clip.y[16 * 64 + 16]), ColorPatches.lumaCode(0.75), accuracy: 3, "HLG 0.75 stays")
        XCTAssertEqual(Double(clip.y[16 * 64 + 48]), ColorPatches.lumaCode(0.5), accuracy: 3, "HLG 0.5 stays")
    }

    /// HDR10: SDR white at PQ 203 cd/m²; the mastering display and light levels of the PQ source
    /// are declared in the bitstream's SEI and in the container (`mdcv`, `clli`).
    func testHDR10PlacesWhiteAndCarriesTheSourcesMetadata() throws {
        let ws = try Workspace()
        try ColorPatches.write(ws, "pq.mkv", [ColorPatches.grey(ColorPatches.pq(203))], tags: Self.pqTags)
        try Tools.ffmpeg(["-i", ws.path("pq.mkv")] + Self.pqTags + [
            "-c:v", "libx265", "-x265-params",
            "log-level=error:lossless=1:hdr10=1:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(40000000,50):max-cll=1500,300",
            ws.path("pq.mp4")])
        let out = try ws.render(##"{ "version": 1, "output": { "width": 32, "height": 32, "frameRate": 10, "color": "hdr10" }, "timeline": { "videos": [ { "color": "#FFFFFF", "duration": 0.2 }, { "src": "pq.mp4" } ] } }"##)
        let (stream, frameSideData) = try probe(out)
        XCTAssertEqual(stream["color_transfer"] as? String, "smpte2084")
        XCTAssertEqual(stream["color_primaries"] as? String, "bt2020")
        let card = try decode(out, width: 32, height: 32, frame: 0)
        XCTAssertEqual(Double(card.y[16 * 32 + 16]), Self.pqWhite, accuracy: 3, "white card: PQ 203 cd/m²")
        let clip = try decode(out, width: 32, height: 32, frame: 3)
        XCTAssertEqual(Double(clip.y[16 * 32 + 16]), Self.pqWhite, accuracy: 3, "PQ 203 cd/m² stays")
        func check(_ sideData: [[String: Any]], _ place: String) {
            let display = sideData.first { ($0["side_data_type"] as? String) == "Mastering display metadata" }
            XCTAssertEqual(display?["max_luminance"] as? String, "40000000/10000", "\(place): the source's 4000 cd/m² display")
            XCTAssertEqual(display?["red_x"] as? String, "34000/50000", "\(place): the source's red primary")
            let light = sideData.first { ($0["side_data_type"] as? String) == "Content light level metadata" }
            XCTAssertEqual(light?["max_content"] as? Int, 1500, place)
            XCTAssertEqual(light?["max_average"] as? Int, 300, place)
        }
        check(frameSideData, "SEI")
        check(stream["side_data_list"] as? [[String: Any]] ?? [], "container")
    }

    /// A PQ source into an HLG output: its reference white lands on HLG's, brighter light stays
    /// brighter (rolled off below HLG's peak), greys stay grey.
    func testPQIntoHLG() throws {
        let ws = try Workspace()
        try ColorPatches.write(ws, "pq.mkv", [ColorPatches.grey(ColorPatches.pq(203)), ColorPatches.grey(ColorPatches.pq(1000)),
                                              ColorPatches.grey(ColorPatches.pq(4000))], tags: Self.pqTags)
        let out = try ws.render(##"{ "version": 1, "output": { "width": 96, "height": 32, "frameRate": 10, "color": "hlg" }, "timeline": { "videos": [ { "src": "pq.mkv" } ] } }"##)
        let f = try decode(out, width: 96, height: 32)
        let y = [16, 48, 80].map { Double(f.y[16 * 96 + $0]) }
        XCTAssertEqual(y[0], Self.hlgWhite, accuracy: 4, "PQ 203 cd/m² is HLG reference white")
        XCTAssertGreaterThan(y[1], y[0] + 50, "1000 cd/m² is brighter")
        XCTAssertGreaterThan(y[2], y[1], "4000 cd/m² is brighter still")
        XCTAssertLessThanOrEqual(y[2], 940, "and within HLG's range")
        for x in [8, 24, 40] {
            XCTAssertEqual(f.cb[8 * 48 + x], 512, accuracy: 3, "grey stays grey")
            XCTAssertEqual(f.cr[8 * 48 + x], 512, accuracy: 3, "grey stays grey")
        }
    }

    /// A mixed timeline into HLG: an HLG clip, an SDR white card, a black title and a red PNG logo
    /// (alpha): the clip's white matches the card's, the title is dark, the logo is red (Cr high,
    /// Cb low) and its transparent surround shows the clip.
    func testAMixedTimelineIntoHLG() throws {
        let ws = try Workspace()
        try ColorPatches.write(ws, "hlg.mkv", [ColorPatches.grey(0.75), ColorPatches.grey(0.75), ColorPatches.grey(0.75)],
                               tags: Self.hlgTags)
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red@1.0:s=16x16,format=rgba", "-frames:v", "1", ws.path("logo.png")])
        let out = try ws.render(##"""
        { "version": 1, "output": { "width": 96, "height": 32, "frameRate": 10, "color": "hlg" },
          "timeline": {
            "videos": [ { "src": "hlg.mkv" }, { "color": "#FFFFFF", "duration": 0.5 } ],
            "overlays": [ { "type": "image", "src": "logo.png", "start": 0, "duration": 0.5, "position": { "x": 0.1, "y": 0.5 } },
                          { "type": "text", "text": "A", "start": 0, "duration": 1, "font": { "size": 20, "color": "#000000" },
                            "position": { "x": 0.9, "y": 0.5 } } ] } }
        """##)
        let hdr = try decode(out, width: 96, height: 32, frame: 4), sdr = try decode(out, width: 96, height: 32, frame: 5)
        XCTAssertEqual(Double(hdr.y[16 * 96 + 48]), Double(sdr.y[16 * 96 + 48]), accuracy: 6, "HLG white against the SDR card's")
        XCTAssertEqual(Double(sdr.y[16 * 96 + 48]), Self.hlgWhite, accuracy: 3)
        let logo = try decode(out, width: 96, height: 32, frame: 2)
        // BT.2100's formulas put this red at Cr 715 with the OOTF applied on luminance, 687 applied per
        // component (BT.2408 allows either way of mapping display light): red, not orange or pink.
        XCTAssertGreaterThan(logo.cr[8 * 48 + 5], 670, "the logo is red: Cr \(logo.cr[8 * 48 + 5])")
        XCTAssertLessThan(logo.cb[8 * 48 + 5], 450, "the logo is red: Cb \(logo.cb[8 * 48 + 5])")
        XCTAssertEqual(Double(logo.y[16 * 96 + 30]), ColorPatches.lumaCode(0.75), accuracy: 3, "beside the logo the clip shows")
        let title = (0..<32).flatMap { y in (80..<96).map { logo.y[y * 96 + $0] } }.min() ?? 1023
        XCTAssertLessThan(title, 200, "the black title is drawn over the HLG white")
    }

    /// ProRes in MOV carries HLG too: tagged (`colr`), 10-bit, white where HEVC's is.
    func testProResHLG() throws {
        let ws = try Workspace()
        let out = try ws.render(##"{ "version": 1, "output": { "format": "mov", "width": 32, "height": 32, "frameRate": 10, "color": "hlg", "video": { "codec": "prores" } }, "timeline": { "videos": [ { "color": "#FFFFFF", "duration": 0.2 } ] } }"##,
                                to: "out.mov")
        let (stream, _) = try probe(out)
        XCTAssertEqual(stream["codec_name"] as? String, "prores")
        XCTAssertEqual(stream["color_transfer"] as? String, "arib-std-b67")
        XCTAssertEqual(stream["color_primaries"] as? String, "bt2020")
        XCTAssertEqual(stream["color_space"] as? String, "bt2020nc")
        let f = try decode(out, width: 32, height: 32)
        XCTAssertEqual(Double(f.y[16 * 32 + 16]), Self.hlgWhite, accuracy: 3)
    }
}
