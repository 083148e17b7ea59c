import CFFmpeg
@testable import ReelEngine

/// In-memory YUV(A) 4:2:0 frames for the pixel tests: built from per-sample functions (chroma functions
/// get chroma coordinates) and read back by coordinates, so expected values come from plain arithmetic.
enum TestPicture {
    typealias Fill = (_ x: Int, _ y: Int) -> Int

    static func make(_ width: Int, _ height: Int, y: Fill, u: Fill = { _, _ in 128 }, v: Fill = { _, _ in 128 },
                     alpha: Fill? = nil) throws -> Frame {
        let f = try Frame.video(width: width, height: height, format: alpha == nil ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_YUVA420P)
        fill(f, 0, width, height, y)
        fill(f, 1, (width + 1) / 2, (height + 1) / 2, u)
        fill(f, 2, (width + 1) / 2, (height + 1) / 2, v)
        if let alpha { fill(f, 3, width, height, alpha) }
        return f
    }

    static func solid(_ width: Int, _ height: Int, y: Int, u: Int = 128, v: Int = 128, alpha: Int? = nil) throws -> Frame {
        try make(width, height, y: { _, _ in y }, u: { _, _ in u }, v: { _, _ in v }, alpha: alpha.map { a in { _, _ in a } })
    }

    /// Sample (x, y) of plane `p` (1 and 2 in chroma coordinates).
    static func at(_ f: Frame, _ p: Int, _ x: Int, _ y: Int) -> Int { Int(f.data(p)![y * f.lineSize(p) + x]) }

    /// Every row of plane `p`, without the stride padding.
    static func plane(_ f: Frame, _ p: Int) -> [[Int]] {
        let w = p == 1 || p == 2 ? (f.width + 1) / 2 : f.width, h = p == 1 || p == 2 ? (f.height + 1) / 2 : f.height
        return (0..<h).map { y in (0..<w).map { x in at(f, p, x, y) } }
    }

    /// All planes (three, or four with alpha).
    static func planes(_ f: Frame) -> [[[Int]]] {
        (0..<(f.pixelFormat == AV_PIX_FMT_YUVA420P ? 4 : 3)).map { plane(f, $0) }
    }

    private static func fill(_ f: Frame, _ p: Int, _ w: Int, _ h: Int, _ value: Fill) {
        let base = f.data(p)!, stride = f.lineSize(p)
        for y in 0..<h {
            for x in 0..<w { base[y * stride + x] = UInt8(clamping: value(x, y)) }
        }
    }
}
