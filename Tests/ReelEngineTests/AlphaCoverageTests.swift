import CFFmpeg
@testable import ReelEngine
import TestSupport
import XCTest

/// A premultiplied picture written from ARGB words records where its alpha is non-zero
/// (`AlphaCoverage`), and the compositor skips the rest: the canvas must come out identical, sample
/// for sample, to compositing the same picture with no record, at every origin parity, fractional
/// edges, opacity, crops, a picture wider than 64 blocks' worth and pictures partly off the canvas,
/// at 8 and 10 bits. And the record itself is what a scan of the words says.
final class AlphaCoverageTests: XCTestCase {
    /// `width`×`height` premultiplied ARGB words: zero, except a few blobs of varied colour and
    /// alpha (some faint, some opaque), one touching the right edge, single pixels, and columns
    /// either side of block edges.
    func words(_ width: Int, _ height: Int) -> [UInt32] {
        var w = [UInt32](repeating: 0, count: width * height)
        let blobs = [(x: 3, y: 2, w: 9, h: 5), (x: 70, y: 11, w: 40, h: 20), (x: width - 5, y: 30, w: 5, h: 7),
                     (x: 150, y: 0, w: 1, h: 1), (x: 37, y: height - 3, w: 30, h: 3),
                     // Against block edges (32 pixels here), where a chroma sample laid at an odd origin reads both sides.
                     (x: 31, y: 20, w: 1, h: 3), (x: 128, y: 41, w: 1, h: 2), (x: 94, y: 37, w: 2, h: 1),
                     // On the second row and the second last alone, under clear first and last rows: a
                     // chroma row clamped at the layer's top or bottom edge is made from both.
                     (x: 40, y: 1, w: 12, h: 1), (x: 170, y: height - 2, w: 12, h: 1)]
        for (n, b) in blobs.enumerated() {
            for y in b.y..<max(b.y, min(height, b.y + b.h)) {
                for x in b.x..<max(b.x, min(width, b.x + b.w)) {
                    let a = UInt32([255, 1, 128, 200, 37, 255, 180, 90, 230, 210][n])
                    let r = a * UInt32((x * 7 + n * 50) % 256) / 255, g = a * UInt32((y * 13) % 256) / 255, bl = a * UInt32((x + y) % 256) / 255
                    w[y * width + x] = a << 24 | r << 16 | g << 8 | bl
                }
            }
        }
        return w
    }

    func canvas(_ width: Int, _ height: Int, depth: SampleDepth) throws -> Frame {
        let f = try Frame.video(width: width, height: height, format: depth.format(alpha: false))
        for plane in 0..<3 {
            let (pw, ph) = plane == 0 ? (width, height) : ((width + 1) / 2, (height + 1) / 2)
            for y in 0..<ph {
                for x in 0..<pw {
                    let v = 16 + (x * 31 + y * 17 + plane * 60) % 200
                    switch depth {
                    case .eight: PlaneView<UInt8>(f, plane: plane).row(y)[x] = UInt8(v)
                    case .ten: PlaneView<UInt16>(f, plane: plane).row(y)[x] = UInt16(v * 4 + 1)
                    }
                }
            }
        }
        return f
    }

    func samples(_ f: Frame, depth: SampleDepth) -> [Int] {
        var out: [Int] = []
        for plane in 0..<3 {
            let (pw, ph) = plane == 0 ? (f.width, f.height) : ((f.width + 1) / 2, (f.height + 1) / 2)
            for y in 0..<ph {
                for x in 0..<pw {
                    switch depth {
                    case .eight: out.append(Int(PlaneView<UInt8>(f, plane: plane).row(y)[x]))
                    case .ten: out.append(Int(PlaneView<UInt16>(f, plane: plane).row(y)[x]))
                    }
                }
            }
        }
        return out
    }

    func testTheRecordIsWhatTheWordsSay() throws {
        for (width, height) in [(200, 48), (2 * 64 * 36 + 10, 6)] {
            let w = words(width, height)
            let frame = try w.withUnsafeBufferPointer {
                try PremultipliedARGB.premultipliedFrame($0.baseAddress!, width: width, height: height, matrix: .bt709, depth: .eight)
            }
            let coverage = try XCTUnwrap(frame.alphaCoverage)
            XCTAssertLessThanOrEqual((width + coverage.blockWidth - 1) / coverage.blockWidth, 64, "at most 64 blocks a row")
            XCTAssertEqual(coverage.blockWidth % 2, 0)
            for y in 0..<height {
                for b in 0..<(width + coverage.blockWidth - 1) / coverage.blockWidth {
                    let columns = (b * coverage.blockWidth)..<min(width, (b + 1) * coverage.blockWidth)
                    let any = columns.contains { w[y * width + $0] != 0 }
                    XCTAssertEqual(coverage.mask(row: y) & (1 << UInt64(b)) != 0, any, "row \(y) block \(b)")
                }
                // An empty block holds what the formulas give a zero word: luma and alpha 0.
                for x in 0..<width where coverage.mask(row: y) & (1 << UInt64(x / coverage.blockWidth)) == 0 {
                    XCTAssertEqual(PlaneView<UInt8>(frame, plane: 0).row(y)[x], 0)
                    XCTAssertEqual(PlaneView<UInt8>(frame, plane: 3).row(y)[x], 0)
                }
            }
        }
    }

    func testSkippingTransparentBlocksChangesNoSample() throws {
        let compositor = LayerCompositor()
        let (width, height) = (200, 48)
        let w = words(width, height)
        let placements: [LayerPlacement] = [
            .covering(width: width, height: height),
            LayerPlacement(centerX: 101, centerY: 25, width: 200, height: 48),  // odd origin both ways
            LayerPlacement(centerX: 100.3, centerY: 23.6, width: 200, height: 48, opacity: 0.6),  // fractional edges
            LayerPlacement(centerX: 40, centerY: 10, width: 200, height: 48),  // mostly off the canvas
            LayerPlacement(centerX: 90, centerY: 30, width: 120, height: 31, crop: (x: 60, y: 9, width: 120, height: 31)),
            LayerPlacement(centerX: 91, centerY: 31, width: 120, height: 31, crop: (x: 60, y: 9, width: 120, height: 31)),
            // A fractional top and bottom with an even origin: the chroma rows at the edges are
            // clamped to the layer's first and last.
            LayerPlacement(centerX: 100, centerY: 27.6, width: 200, height: 48),
            LayerPlacement(centerX: 101, centerY: 27.6, width: 200, height: 48, opacity: 0.8),
        ]
        for depth in [SampleDepth.eight, .ten] {
            for (n, placement) in placements.enumerated() {
                let recorded = try w.withUnsafeBufferPointer {
                    try PremultipliedARGB.premultipliedFrame($0.baseAddress!, width: width, height: height, matrix: .bt709, depth: depth)
                }
                let plain = try w.withUnsafeBufferPointer {
                    try PremultipliedARGB.premultipliedFrame($0.baseAddress!, width: width, height: height, matrix: .bt709, depth: depth)
                }
                plain.alphaCoverage = nil
                XCTAssertNotNil(recorded.alphaCoverage)
                let a = try canvas(210, 60, depth: depth), b = try canvas(210, 60, depth: depth)
                let before = samples(a, depth: depth)
                try compositor.draw(recorded, placement, onto: a)
                try compositor.draw(plain, placement, onto: b)
                let skipped = samples(a, depth: depth), full = samples(b, depth: depth)
                XCTAssertNotEqual(full, before, "placement \(n) at \(depth): the layer drew something")
                XCTAssertTrue(skipped == full, "placement \(n) at \(depth): \(zip(skipped, full).filter { $0 != $1 }.count) samples differ")
            }
        }
    }

    /// The conversion of premultiplied ARGB against the formulas in floating point (luma
    /// `(16·a + 219·(kr·r + kg·g + kb·b))/255`, alpha `a·max/255`, chroma about neutral from the
    /// 2×2 block's sums `224·Σ(c − luma)/(2(1 − k)·4·255)`), within one step of rounding, for random
    /// premultiplied words (transparent runs among them), both matrices and both depths.
    func testConversionFollowsTheFormulas() throws {
        var rng = SplitMix64(seed: 39)
        let (width, height) = (107, 14)
        var words = [UInt32](repeating: 0, count: width * height)
        // Zero runs of 40 words and two whole zero rows: empty blocks, written as constants.
        for i in words.indices where (i / 40) % 3 != 0 && !(2...3).contains(i / width) {
            let a = UInt32.random(in: 0...255, using: &rng)
            let c = (0..<3).map { _ in a == 0 ? 0 : UInt32.random(in: 0...a, using: &rng) }
            words[i] = a << 24 | c[0] << 16 | c[1] << 8 | c[2]
        }
        for matrix in [CanvasColor.bt709, .bt601] {
            let (kr, kb) = matrix.coefficients
            let kg = 1 - kr - kb
            for depth in [SampleDepth.eight, .ten] {
                let f = try words.withUnsafeBufferPointer {
                    try PremultipliedARGB.premultipliedFrame($0.baseAddress!, width: width, height: height, matrix: matrix, depth: depth)
                }
                let scale = depth == .eight ? 1.0 : 4.0, top = depth == .eight ? 255.0 : 1023.0
                func sample(_ plane: Int, _ x: Int, _ y: Int) -> Double {
                    depth == .eight ? Double(PlaneView<UInt8>(f, plane: plane).row(y)[x]) : Double(PlaneView<UInt16>(f, plane: plane).row(y)[x])
                }
                func channels(_ x: Int, _ y: Int) -> (a: Double, r: Double, g: Double, b: Double) {
                    let w = words[y * width + x]
                    return (Double(w >> 24), Double((w >> 16) & 255), Double((w >> 8) & 255), Double(w & 255))
                }
                let coverage = try XCTUnwrap(f.alphaCoverage)
                XCTAssertTrue((0..<height).contains { y in coverage.mask(row: y) != (1 << ((width + 31) / 32)) - 1 }, "some blocks are empty")
                for y in 0..<height {
                    for x in 0..<width {
                        let p = channels(x, y)
                        let luma = (16 * p.a + 219 * (kr * p.r + kg * p.g + kb * p.b)) / 255 * scale
                        XCTAssertEqual(sample(0, x, y), luma, accuracy: 1, "luma at \(x),\(y) \(matrix) \(depth)")
                        XCTAssertEqual(sample(3, x, y), p.a * top / 255, accuracy: 1, "alpha at \(x),\(y)")
                    }
                }
                for cy in 0..<(height / 2) {
                    for cx in 0..<(width / 2) {
                        var sr = 0.0, sb = 0.0
                        for (x, y) in [(2 * cx, 2 * cy), (2 * cx + 1, 2 * cy), (2 * cx, 2 * cy + 1), (2 * cx + 1, 2 * cy + 1)] {
                            let p = channels(x, y)
                            let l = kr * p.r + kg * p.g + kb * p.b
                            sr += p.r - l
                            sb += p.b - l
                        }
                        let neutral = depth == .eight ? 128.0 : 512.0
                        let u = min(max(neutral + 224 * sb / (2 * (1 - kb) * 1020) * scale, 0), top)
                        let v = min(max(neutral + 224 * sr / (2 * (1 - kr) * 1020) * scale, 0), top)
                        XCTAssertEqual(sample(1, cx, cy), u, accuracy: 1, "Cb at \(cx),\(cy) \(matrix) \(depth)")
                        XCTAssertEqual(sample(2, cx, cy), v, accuracy: 1, "Cr at \(cx),\(cy) \(matrix) \(depth)")
                    }
                }
            }
        }
    }
}
