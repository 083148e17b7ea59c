import Foundation
@testable import ReelEngine
import XCTest

/// The colour a probe reports for each video stream: the stream's own tags, and Sources/ReelEngine/README.md (colour)'s
/// defaults where it has none (BT.601 below 720 lines, BT.709 from 720, limited range; pictures
/// sRGB, full range).
final class ColorProbeTests: XCTestCase {
    func color(_ ws: Workspace, _ name: String, _ args: [String]) throws -> ColorDescription {
        try Tools.ffmpeg(args + [ws.path(name)])
        return try XCTUnwrap(try MediaProbe.probe(path: ws.path(name)).video?.color, name)
    }

    func testAnHLGPhoneClipIsReportedAsItIsTagged() throws {
        let ws = try Workspace()
        let c = try color(ws, "hlg.mp4", ["-f", "lavfi", "-i", "testsrc=s=64x64:d=0.2", "-pix_fmt", "yuv420p10le", "-c:v", "libx265",
                                          "-x265-params", "log-level=error", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67",
                                          "-colorspace", "bt2020nc", "-color_range", "tv"])
        XCTAssertEqual(c.primaries, "bt2020")
        XCTAssertEqual(c.transfer, "arib-std-b67")
        XCTAssertEqual(c.matrix, "bt2020nc")
        XCTAssertEqual(c.range, "limited")
        XCTAssertEqual(c.bitDepth, 10)
        XCTAssertTrue(c.tagged)
        XCTAssertEqual(c.hdr, "hlg")
        let pq = try color(ws, "pq.mkv", ["-f", "lavfi", "-i", "testsrc=s=64x64:d=0.2", "-pix_fmt", "yuv420p10le", "-c:v", "libx265",
                                          "-x265-params", "log-level=error", "-color_primaries", "bt2020", "-color_trc", "smpte2084",
                                          "-colorspace", "bt2020nc"])
        XCTAssertEqual(pq.hdr, "pq")
        XCTAssertEqual(pq.transfer, "smpte2084")
    }

    /// HDR10 metadata x265 writes only into the stream (SEI), with no container to carry it: read
    /// from the first frame. The values are those given to the encoder (ST 2086's units:
    /// chromaticities in 1/50000, luminance in 1/10000 cd/m²).
    func testMasteringMetadataFromTheStreamsSEI() throws {
        let ws = try Workspace()
        let c = try color(ws, "hdr10.hevc", ["-f", "lavfi", "-i", "testsrc=s=64x64:d=0.2", "-pix_fmt", "yuv420p10le", "-c:v", "libx265",
                                             "-x265-params", "log-level=error:hdr10=1:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:"
                                                 + "master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400",
                                             "-f", "hevc"])
        XCTAssertEqual(c.hdr, "pq")
        let m = try XCTUnwrap(c.masteringDisplay, "\(c)")
        XCTAssertEqual(m.primaries.map(\.x), [0.68, 0.265, 0.15], "red, green, blue")
        XCTAssertEqual(m.primaries.map(\.y), [0.32, 0.69, 0.06])
        XCTAssertEqual(m.whitePoint.x, 0.3127)
        XCTAssertEqual(m.whitePoint.y, 0.329)
        XCTAssertEqual(m.maxLuminance, 1000)
        XCTAssertEqual(m.minLuminance, 0.005)
        XCTAssertEqual(c.contentLightLevel?.maxCLL, 1000)
        XCTAssertEqual(c.contentLightLevel?.maxFALL, 400)
    }

    func testUntaggedStreamsGetTheDefaults() throws {
        let ws = try Workspace()
        let sd = try color(ws, "sd.mp4", ["-f", "lavfi", "-i", "testsrc=s=640x360:d=0.2", "-c:v", "libx264"])
        XCTAssertEqual([sd.matrix, sd.primaries, sd.transfer, sd.range], ["smpte170m", "smpte170m", "smpte170m", "limited"])
        XCTAssertFalse(sd.tagged)
        XCTAssertNil(sd.hdr)
        XCTAssertEqual(sd.bitDepth, 8)
        let hd = try color(ws, "hd.mp4", ["-f", "lavfi", "-i", "testsrc=s=1280x720:d=0.1", "-c:v", "libx264"])
        XCTAssertEqual([hd.matrix, hd.primaries, hd.transfer], ["bt709", "bt709", "bt709"])
        let png = try color(ws, "still.png", ["-f", "lavfi", "-i", "testsrc=s=64x64", "-frames:v", "1"])
        XCTAssertEqual([png.primaries, png.transfer, png.range], ["bt709", "iec61966-2-1", "full"], "sRGB")
        XCTAssertEqual(png.matrix, "gbr", "RGB samples")
        let json = try MediaProbe.probe(path: ws.path("sd.mp4")).json
        guard case .object(let top) = json, case .array(let streams)? = top.first(where: { $0.key == "streams" })?.value,
              case .object(let video)? = streams.first, case .object(let colour)? = video.first(where: { $0.key == "color" })?.value else {
            return XCTFail("no color in \(json)")
        }
        XCTAssertEqual(colour.map(\.key), ["matrix", "primaries", "transfer", "range", "chromaLocation", "bitDepth", "tagged", "hdr"])
    }
}
