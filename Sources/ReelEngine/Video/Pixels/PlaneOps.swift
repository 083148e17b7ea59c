import CFFmpeg

/// Plain per-plane pixel operations on planes of any sample type: fills, copies, quarter-turn
/// rotations, and widening 8-bit planes to the 10-bit canvas.
enum PlaneOps {
    /// Fills a `width`×`height` block at `base` with `value`.
    static func fill<S: PlaneSample>(_ base: UnsafeMutablePointer<S>, stride: Int, width: Int, height: Int, value: S) {
        for row in 0..<height { (base + row * stride).update(repeating: value, count: width) }
    }

    /// Copies a `width`×`height` block row by row.
    static func copy<S: PlaneSample>(from src: UnsafePointer<S>, srcStride: Int, to dst: UnsafeMutablePointer<S>, dstStride: Int,
                     width: Int, height: Int) {
        for row in 0..<height { (dst + row * dstStride).update(from: src + row * srcStride, count: width) }
    }

    /// Writes `src` (srcWidth×srcHeight) turned `degrees` clockwise into `dst`.
    static func rotate<S: PlaneSample>(_ src: UnsafePointer<S>, srcStride: Int, srcWidth: Int, srcHeight: Int,
                                    into dst: UnsafeMutablePointer<S>, dstStride: Int, degrees: Int) {
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

    /// Copies the 8-bit `src` into the 10-bit `dst`: video levels shifted (16 → 64, 128 → 512), or,
    /// for an alpha plane, stretched so that opaque stays opaque (255 → 1023).
    static func widen(_ src: PlaneView<UInt8>, into dst: PlaneView<UInt16>, width: Int, height: Int, alpha: Bool) {
        for row in 0..<height {
            let s = src.row(row), d = dst.row(row)
            if alpha {
                for x in 0..<width { d[x] = UInt16(truncatingIfNeeded: Int32(s[x]) &<< 2 | Int32(s[x]) &>> 6) }
            } else {
                for x in 0..<width { d[x] = UInt16.level(s[x]) }
            }
        }
    }

    /// Copies every plane of the canvas-format picture `src` (`rect`'s size) into `dst` (same format)
    /// at `rect`'s origin (even, so chroma lines up): luma and alpha at full resolution, chroma at half.
    static func copyPlanes(of src: Frame, into dst: Frame, at rect: PixelRect) {
        let format = src.pixelFormat
        let bytes = SampleDepth(canvasFormat: format) == .ten ? 2 : 1
        let planes = format == AV_PIX_FMT_YUVA420P || format == AV_PIX_FMT_YUVA420P10LE ? 4 : 3
        for p in 0..<planes {
            let shift = p == 0 || p == 3 ? 0 : 1
            let d = dst.data(p)! + (rect.y >> shift) * dst.lineSize(p) + (rect.x >> shift) * bytes
            copy(from: UnsafePointer(src.data(p)!), srcStride: src.lineSize(p), to: d, dstStride: dst.lineSize(p),
                 width: ((rect.width + shift) >> shift) * bytes, height: (rect.height + shift) >> shift)
        }
    }
}
