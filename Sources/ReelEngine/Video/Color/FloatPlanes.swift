import Foundation

/// Three or four planes of 32-bit floats (linear R, G, B, and alpha when the picture has it) owned by this object, each row aligned to 64
/// bytes as zimg requires, allocated once and freed exactly once.
final class FloatPlanes {
    let width: Int
    let height: Int
    /// Floats per row (a multiple of 16: 64 bytes).
    let stride: Int
    let planes: [UnsafeMutablePointer<Float>]

    init(width: Int, height: Int, count: Int = 3) throws {
        self.width = width
        self.height = height
        stride = (width + 15) & ~15
        var made: [UnsafeMutablePointer<Float>] = []
        for _ in 0..<count {
            var memory: UnsafeMutableRawPointer?
            guard posix_memalign(&memory, 64, max(1, stride * height) * MemoryLayout<Float>.size) == 0, let memory else {
                made.forEach { free($0) }
                throw ColorConversionError("no memory for a \(width)x\(height) linear-light picture")
            }
            made.append(memory.bindMemory(to: Float.self, capacity: stride * height))
        }
        planes = made
    }

    deinit { planes.forEach { free($0) } }
}
