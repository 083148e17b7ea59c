import CFFmpeg
import Foundation
@testable import ReelEngine
import TestSupport
import XCTest

/// The previews' PNG writer (`QuickPNG`, `LiteralDeflater`, `HuffmanCode`) against two decoders
/// that share none of its code: Python's `zlib` (which checks the stream's Adler-32 and its end)
/// with the chunks' CRC-32s and the row filters undone by the PNG specification's formulas, and
/// ffmpeg's PNG decoder; for RGB and RGBA, sizes down to one pixel, noise, flat colour and
/// gradients. The previews' own tests compare whole timelines with the `png` output.
final class QuickPNGTests: XCTestCase {
    /// A picture of `format` whose bytes are `fill(x, y, channel)`.
    func frame(_ width: Int, _ height: Int, alpha: Bool, _ fill: (Int, Int, Int) -> UInt8) throws -> (Frame, [UInt8]) {
        let channels = alpha ? 4 : 3
        let f = try Frame.video(width: width, height: height, format: alpha ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24)
        var packed: [UInt8] = []
        for y in 0..<height {
            let row = f.data(0)! + y * f.lineSize(0)
            for x in 0..<width * channels {
                row[x] = fill(x / channels, y, x % channels)
                packed.append(row[x])
            }
        }
        return (f, packed)
    }

    /// Decodes `png` with Python's zlib after checking each chunk's CRC, and returns the pixels.
    func pythonDecode(_ png: [UInt8], _ ws: Workspace) throws -> [UInt8] {
        let path = ws.path("q.png")
        try Data(png).write(to: URL(fileURLWithPath: path))
        let script = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
        pos, idat, names = 8, b'', []
        while pos < len(data):
            n, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + n]
            crc, = struct.unpack('>I', data[pos + 8 + n:pos + 12 + n])
            assert zlib.crc32(kind + body) == crc, 'CRC of ' + kind.decode()
            names.append(kind.decode())
            if kind == b'IHDR': w, h, depth, colour, _, _, _ = struct.unpack('>IIBBBBB', body)
            if kind == b'IDAT': idat += body
            pos += 12 + n
        assert names[0] == 'IHDR' and names[-1] == 'IEND', names
        bpp = {2: 3, 6: 4}[colour]
        d = zlib.decompressobj()
        raw = d.decompress(idat) + d.flush()
        assert d.eof and not d.unused_data, 'a complete stream, Adler-32 checked'
        stride = w * bpp
        assert len(raw) == h * (stride + 1), (len(raw), h, stride)
        out, prev = bytearray(), bytearray(stride)
        for y in range(h):
            ftype, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for x in range(stride):
                a = row[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                if ftype == 1: row[x] = (row[x] + a) & 255
                elif ftype == 2: row[x] = (row[x] + b) & 255
                elif ftype == 3: row[x] = (row[x] + (a + b) // 2) & 255
                elif ftype == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                else: assert ftype == 0, ftype
            out += row
            prev = row
        sys.stdout.buffer.write(out)
        """
        let r = try Tools.run("python3", ["-c", script, path])
        XCTAssertEqual(r.status, 0, r.stderr)
        return [UInt8](r.stdout)
    }

    func ffmpegDecode(_ png: [UInt8], alpha: Bool, _ ws: Workspace) throws -> [UInt8] {
        try Data(png).write(to: URL(fileURLWithPath: ws.path("f.png")))
        let r = try Tools.run("ffmpeg", ["-v", "error", "-nostdin", "-i", ws.path("f.png"), "-f", "rawvideo", "-pix_fmt", alpha ? "rgba" : "rgb24", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return [UInt8](r.stdout)
    }

    func testPicturesDecodeToTheirPixels() throws {
        let ws = try Workspace()
        var rng = SplitMix64(seed: 38)
        let noise = (0..<(97 * 61 * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let cases: [(String, Int, Int, Bool, (Int, Int, Int) -> UInt8)] = [
            ("one pixel", 1, 1, false, { _, _, c in UInt8(40 * c + 7) }),
            ("one RGBA pixel", 1, 1, true, { _, _, c in UInt8(60 * c + 3) }),
            ("flat", 40, 30, false, { _, _, c in [0x20, 0x40, 0xE0][c] }),
            ("gradient", 33, 17, false, { x, y, c in UInt8((x * 7 + y * 3 + c * 50) & 255) }),
            ("noise", 97, 61, false, { x, y, c in noise[(y * 97 + x) * 3 + c] }),
            ("noise with alpha", 97, 61, true, { x, y, c in noise[(y * 97 + x) * 4 + c] }),
            ("grain over a ramp", 320, 180, false, { x, y, c in UInt8(clamping: x / 2 + Int(noise[(y % 61 * 97 + x % 97) * 3 + c] % 9)) }),
        ]
        for (name, w, h, alpha, fill) in cases {
            let (f, pixels) = try frame(w, h, alpha: alpha, fill)
            let png = QuickPNG.encode(f, channels: alpha ? 4 : 3)
            XCTAssertTrue(try pythonDecode(png, ws) == pixels, "\(name): zlib and the PNG filters give the pixels back")
            XCTAssertTrue(try ffmpegDecode(png, alpha: alpha, ws) == pixels, "\(name): ffmpeg's decoder gives the pixels back")
        }
    }

    /// More than one block (each block its own code), and the stored form where a code would not
    /// pay: noise is never much larger than its bytes, a flat picture is a small fraction of them.
    func testBlocksAndSizes() throws {
        let ws = try Workspace()
        var rng = SplitMix64(seed: 83)
        let (noisy, noisePixels) = try frame(500, 400, alpha: false) { _, _, _ in UInt8.random(in: 0...255, using: &rng) }
        let raw = 400 * (500 * 3 + 1)
        XCTAssertGreaterThan(raw, LiteralDeflater.blockBytes * 2, "three blocks")
        let noisyPNG = QuickPNG.encode(noisy, channels: 3)
        XCTAssertTrue(try pythonDecode(noisyPNG, ws) == noisePixels)
        XCTAssertLessThan(noisyPNG.count, raw + raw / 100, "stored rather than coded larger")
        let (flat, flatPixels) = try frame(500, 400, alpha: true) { x, _, c in c == 3 ? 255 : UInt8(x & 1) * 200 }
        let flatPNG = QuickPNG.encode(flat, channels: 4)
        XCTAssertTrue(try pythonDecode(flatPNG, ws) == flatPixels)
        XCTAssertLessThan(flatPNG.count, 400 * 500 * 4 / 4, "a picture of few distinct differences codes in a few bits a byte")
    }

    /// Codes are prefix-free and complete (Kraft's sum exactly 1), within their limit even for
    /// counts that would make the optimal code deeper (Fibonacci counts).
    func testHuffmanCodesAreCompleteAndLimited() {
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let cases: [([Int], Int)] = [
            (fibonacci, 15), (fibonacci + [Int](repeating: 0, count: 227), 15), (Array(fibonacci.prefix(19)), 7),
            ((0..<257).map { $0 % 5 == 0 ? 0 : $0 * 31 % 1000 + 1 }, 15), ([0, 0, 9, 0], 15), ([3, 0, 4], 7),
        ]
        for (counts, limit) in cases {
            let code = HuffmanCode(frequencies: counts, limit: limit)
            let used = code.lengths.filter { $0 > 0 }
            XCTAssertEqual(used.count, counts.filter { $0 > 0 }.count, "every used symbol has a code")
            XCTAssertLessThanOrEqual(Int(used.max() ?? 0), limit)
            let kraft = used.reduce(0.0) { $0 + pow(2.0, -Double($1)) }
            XCTAssertEqual(kraft, used.count == 1 ? 0.5 : 1.0, "\(counts.count) symbols: complete (one symbol: one bit)")
            var seen = Set<String>()
            for (symbol, l) in code.lengths.enumerated() where l > 0 {
                // The code read back in sending order, as bits.
                let c = code.reversedCodes[symbol]
                let bits = (0..<Int(l)).map { c & (1 << $0) != 0 ? "1" : "0" }.joined()
                for other in seen { XCTAssertFalse(bits.hasPrefix(other) || other.hasPrefix(bits), "prefix-free: \(bits) \(other)") }
                seen.insert(bits)
            }
        }
    }
}
