/// Plain per-plane pixel operations on 8-bit planes: fills, copies and quarter-turn rotations.
enum PlaneOps {
    /// Fills a `width`×`height` block at `base` with `value`.
    static func fill(_ base: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, value: UInt8) {
        for row in 0..<height { (base + row * stride).update(repeating: value, count: width) }
    }

    /// Copies a `width`×`height` block row by row.
    static func copy(from src: UnsafePointer<UInt8>, srcStride: Int, to dst: UnsafeMutablePointer<UInt8>, dstStride: Int,
                     width: Int, height: Int) {
        for row in 0..<height { (dst + row * dstStride).update(from: src + row * srcStride, count: width) }
    }

    /// Writes `src` (srcWidth×srcHeight) turned `degrees` clockwise into `dst`.
    static func rotate(_ src: UnsafePointer<UInt8>, srcStride: Int, srcWidth: Int, srcHeight: Int,
                       into dst: UnsafeMutablePointer<UInt8>, dstStride: Int, degrees: Int) {
        switch degrees {
        case 90:
            // Destination is srcHeight wide: dst(x, y) = src(y, srcHeight-1-x).
            for y in 0..<srcWidth {
                let d = dst + y * dstStride
                var s = src + (srcHeight - 1) * srcStride + y
                for x in 0..<srcHeight {
                    d[x] = s.pointee
                    s -= srcStride
                }
            }
        case 270:
            // dst(x, y) = src(srcWidth-1-y, x).
            for y in 0..<srcWidth {
                let d = dst + y * dstStride
                var s = src + (srcWidth - 1 - y)
                for x in 0..<srcHeight {
                    d[x] = s.pointee
                    s += srcStride
                }
            }
        case 180:
            for y in 0..<srcHeight {
                let d = dst + y * dstStride
                let s = src + (srcHeight - 1 - y) * srcStride + (srcWidth - 1)
                for x in 0..<srcWidth { d[x] = s[-x] }
            }
        default:
            copy(from: src, srcStride: srcStride, to: dst, dstStride: dstStride, width: srcWidth, height: srcHeight)
        }
    }
}
