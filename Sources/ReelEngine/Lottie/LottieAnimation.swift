import CRlottie
import Foundation

/// Owns an rlottie animation (`Lottie_Animation`) made from a Lottie file's bytes, and draws its
/// frames at any size (rlottie scales the composition to fit, keeping its aspect, centred) as
/// layers (`PremultipliedARGB`).
final class LottieAnimation {
    private let handle: OpaquePointer
    private var buffer: [UInt32] = []
    /// The grid `buffer` was last drawn for: its margins (outside the content) are zero until the
    /// grid changes, and rlottie clears the content itself before it draws.
    private var drawnFor: PixelGrid?

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
    /// size, at its place in the grid's raster (transparent around it), as a layer for a canvas of
    /// `color` and `depth`; `premultiplied` when only the compositor will see it (an SDR canvas).
    /// `reusing`: a picture this animation made before that nothing else holds now, written over.
    func picture(frame: Int, grid: PixelGrid, color: CanvasColor, depth: SampleDepth, premultiplied: Bool,
                 reusing spare: Frame? = nil) throws -> Frame {
        let (width, height) = (grid.raster.width, grid.raster.height)
        let n = width * height
        if buffer.count != n { buffer = [UInt32](repeating: 0, count: n) }
        let sameGrid = drawnFor == grid
        drawnFor = grid
        return try buffer.withUnsafeMutableBufferPointer { b in
            // Clearing 8 MB a 1080p frame again cost a tenth of a Lottie frame's time in Reel.
            if !sameGrid { b.update(repeating: 0) }
            let corner = b.baseAddress! + grid.offset.y * width + grid.offset.x
            lottie_animation_render(handle, max(0, frame), corner, grid.content.width, grid.content.height, width * 4)
            let words = UnsafePointer(b.baseAddress!)
            if premultiplied && !color.isHDR {
                return try PremultipliedARGB.premultipliedFrame(words, width: width, height: height, matrix: color, depth: depth,
                                                                reusing: spare)
            }
            return try ShapeLayer.draw(PremultipliedARGB.planes(words, width: width, height: height), color: color, depth: depth)
        }
    }
}
