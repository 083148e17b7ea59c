import CFFmpeg
import Foundation
@testable import ReelEngine
import XCTest

/// Still images whose colour only an embedded ICC profile gives (Sources/ReelEngine/README.md (colour); the Display P3 photos
/// phones write). The profiles are real ones (Compact-ICC-Profiles, CC0, in Fixtures/icc), embedded
/// here into a JPEG's APP2 segment; the expected colour comes from the standards' primaries: BT.709's
/// pure red is (0.8225, 0.0332, 0.0171) in Display P3's linear light, sRGB-encoded (234, 51, 35).
final class StillColorTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/icc")

    /// BT.709 red written in Display P3's code values (sRGB curve).
    static let p3Red = [0.8225, 0.0332, 0.0171].map { l -> Int in
        Int(((l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055) * 255).rounded())
    }

    /// A 32x32 JPEG of one colour (4:4:4, so no chroma is lost), with `profile` embedded if given.
    func jpeg(_ ws: Workspace, _ name: String, rgb: [Int], profile: String?) throws {
        let hex = rgb.map { String(format: "%02X", $0) }.joined()
        let plain = ws.path("plain-" + name)
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0x\(hex):s=32x32", "-frames:v", "1", "-pix_fmt", "yuvj444p", "-q:v", "1", plain])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
        if let profile {
            let icc = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(profile)))
            let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + icc
            let length = payload.count + 2
            bytes.insert(contentsOf: [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload, at: 2)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: ws.path(name)))
    }

    /// The RGB at the centre of the first frame of an SDR render of the still.
    func rendered(_ ws: Workspace, _ name: String) throws -> [Int] {
        let out = try ws.render(##"{ "version": 1, "output": { "width": 32, "height": 32, "frameRate": 10 }, "timeline": { "videos": [ { "src": "\##(name)", "duration": 0.2 } ] } }"##,
                                to: name + ".mp4")
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rgb = [UInt8](r.stdout)
        guard rgb.count == 32 * 32 * 3 else { XCTFail("one 32x32 frame"); return [] }
        let at = (16 * 32 + 16) * 3
        return [Int(rgb[at]), Int(rgb[at + 1]), Int(rgb[at + 2])]
    }

    /// A Display P3 photo is converted: its pixel that is BT.709 red comes out red, and the probe
    /// says smpte432 (Display P3) with the sRGB curve.
    func testADisplayP3StillIsConverted() throws {
        let ws = try Workspace()
        try jpeg(ws, "p3.jpg", rgb: Self.p3Red, profile: "DisplayP3-v4.icc")
        let c = try rendered(ws, "p3.jpg")
        XCTAssertGreaterThanOrEqual(c[0], 245, "red: \(c) (read as sRGB it would be \(Self.p3Red))")
        XCTAssertLessThanOrEqual(c[1], 12, "red: \(c)")
        XCTAssertLessThanOrEqual(c[2], 12, "red: \(c)")
        let info = try MediaProbe.probe(path: ws.path("p3.jpg"))
        XCTAssertEqual(info.video?.color?.primaries, "smpte432")
        XCTAssertEqual(info.video?.color?.transfer, "iec61966-2-1")
    }

    /// An sRGB profile, or none, leaves the same code values as they are; a BT.2020 profile is read
    /// as BT.2020.
    func testOtherProfilesAreReadForWhatTheySay() throws {
        let ws = try Workspace()
        for (name, profile) in [("srgb.jpg", "sRGB-v4.icc"), ("none.jpg", nil)] {
            try jpeg(ws, name, rgb: Self.p3Red, profile: profile)
            let c = try rendered(ws, name)
            for (got, want) in zip(c, Self.p3Red) { XCTAssertEqual(got, want, accuracy: 5, "\(name): \(c)") }
        }
        try jpeg(ws, "2020.jpg", rgb: Self.p3Red, profile: "Rec2020-v4.icc")
        XCTAssertEqual(try MediaProbe.probe(path: ws.path("2020.jpg")).video?.color?.primaries, "bt2020")
    }

    /// A damaged profile is ignored (the still is sRGB), never a crash.
    func testADamagedProfileIsIgnored() throws {
        var icc = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("DisplayP3-v4.icc")))
        for cut in [0, 40, 131, 200] {
            let part = Array(icc[0..<cut])
            XCTAssertNil(part.withUnsafeBytes { ICCProfile($0) }, "cut at \(cut)")
        }
        let short = Array(icc.dropLast())   // the curve's last parameter cut off
        XCTAssertNil(short.withUnsafeBytes { ICCProfile($0) }?.transfer)
        // rXYZ's offset (the fifth tag's, at 0xB8) far past the end: no primaries, read without a crash.
        icc[0xB8...0xBB] = [0xFF, 0xFF, 0xFF, 0xF0]
        XCTAssertNotNil(icc.withUnsafeBytes { ICCProfile($0) })
        XCTAssertNil(icc.withUnsafeBytes { ICCProfile($0) }?.primaries)
        let whole = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("DisplayP3-v4.icc")))
        XCTAssertEqual(whole.withUnsafeBytes { ICCProfile($0) }?.primaries, AVCOL_PRI_SMPTE432)
    }
}
