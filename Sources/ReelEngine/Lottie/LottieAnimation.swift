import CRlottie
import Foundation

/// Owns an rlottie animation (`Lottie_Animation`) made from a Lottie file's bytes, and draws its
/// frames into premultiplied planes of any size (rlottie scales the composition to fit, keeping its
/// aspect, centred).
final class LottieAnimation {
    private let handle: OpaquePointer
    private var buffer: [UInt32] = []

    /// Why rlottie gave no animation: the file is not one it can read.
    struct Unreadable: Error {}

    /// `key`: what rlottie's model cache knows these bytes by (their digest: a changed file is a
    /// new key, never a stale model).
    init(json bytes: [UInt8], key: String) throws {
        var text = bytes
        text.append(0)
        let made: OpaquePointer? = text.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { lottie_animation_from_data($0, key, "") }
        }
        guard let made else { throw Unreadable() }
        handle = made
    }

    deinit { lottie_animation_destroy(handle) }

    /// Frame `frame` (rlottie's own numbering: the in-point is `ip`) drawn at the grid's content
    /// size, at its place in the grid's raster (transparent around it).
    func planes(frame: Int, grid: PixelGrid) -> PremultipliedPlanes {
        let (width, height) = (grid.raster.width, grid.raster.height)
        let n = width * height
        if buffer.count != n { buffer = [UInt32](repeating: 0, count: n) }
        buffer.withUnsafeMutableBufferPointer { b in
            b.update(repeating: 0)
            let corner = b.baseAddress! + grid.offset.y * width + grid.offset.x
            lottie_animation_render(handle, max(0, frame), corner, grid.content.width, grid.content.height, width * 4)
        }
        var planes = PremultipliedPlanes(width: width, height: height)
        let scale: Float = 1 / 255
        for i in 0..<n {
            // ARGB32, premultiplied, in the machine's byte order.
            let p = buffer[i]
            planes.a[i] = Float(p >> 24) * scale
            planes.r[i] = Float((p >> 16) & 255) * scale
            planes.g[i] = Float((p >> 8) & 255) * scale
            planes.b[i] = Float(p & 255) * scale
        }
        return planes
    }
}
