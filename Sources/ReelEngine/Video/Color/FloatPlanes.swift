import Foundation

/// Three planes of 32-bit floats (linear R, G, B) owned by this object, each row aligned to 64
/// bytes as zimg requires, allocated once and freed exactly once.
final class FloatPlanes {
    let width: Int
    let height: Int
    /// Floats per row (a multiple of 16: 64 bytes).
    let stride: Int
    let planes: [UnsafeMutablePointer<Float>]

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        stride = (width + 15) & ~15
        var made: [UnsafeMutablePointer<Float>] = []
        for _ in 0..<3 {
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
