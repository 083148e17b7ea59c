import Foundation
@testable import ReelEngine
import XCTest

/// Pictures of rendered text decoded by ffmpeg (the oracle) to RGB, and the fonts the tests use.
struct RGBImage {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    /// Decodes the first frame of `path` to 8-bit RGB with ffmpeg.
    init(_ path: String, at seconds: Double? = nil) throws {
        let size = try Tools.probe(path)
        let v = try XCTUnwrap(Tools.stream(size, "video"))
        width = try XCTUnwrap(v["width"] as? Int)
        height = try XCTUnwrap(v["height"] as? Int)
        var args = ["-v", "error", "-nostdin"]
        if let seconds { args += ["-ss", String(seconds)] }
        args += ["-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        let r = try Tools.run("ffmpeg", args)
        XCTAssertEqual(r.status, 0, r.stderr)
        bytes = [UInt8](r.stdout)
        XCTAssertEqual(bytes.count, width * height * 3)
    }

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 3
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
    }

    /// True when the pixel is within `tolerance` of the colour on every channel.
    func matches(_ x: Int, _ y: Int, _ c: (Int, Int, Int), tolerance: Int = 24) -> Bool {
        let p = pixel(x, y)
        return abs(p.r - c.0) <= tolerance && abs(p.g - c.1) <= tolerance && abs(p.b - c.2) <= tolerance
    }

    /// The bounding box (inclusive) of pixels matching `c`, nil when none does.
    func bounds(of c: (Int, Int, Int), tolerance: Int = 24) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var b: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<height {
            for x in 0..<width where matches(x, y, c, tolerance: tolerance) {
                b = (min(b?.minX ?? x, x), min(b?.minY ?? y, y), max(b?.maxX ?? x, x), max(b?.maxY ?? y, y))
            }
        }
        return b
    }

    /// How many pixels differ from `c` by more than `tolerance` on some channel.
    func count(differingFrom c: (Int, Int, Int), tolerance: Int = 24, in xs: Range<Int>? = nil) -> Int {
        var n = 0
        for y in 0..<height {
            for x in xs ?? 0..<width where !matches(x, y, c, tolerance: tolerance) { n += 1 }
        }
        return n
    }

    /// Writes the picture as PNG (for OCR).
    func png(_ path: String) throws {
        let raw = path + ".rgb"
        try Data(bytes).write(to: URL(fileURLWithPath: raw))
        try Tools.ffmpeg(["-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(width)x\(height)", "-i", raw, path])
    }
}

enum TestFonts {
    static let dejaVuBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let arabic = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"
    static let devanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"

    /// Fails when a font the tests need is not installed (scripts/deps.sh installs them).
    static func require(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing: run scripts/deps.sh", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
    }
}
