/// One 8-bit picture plane seen as a base pointer and a stride, so the compositing loops address rows
/// with pointer arithmetic instead of going through `Frame` (or Swift arrays) per pixel.
struct PlaneView {
    let base: UnsafeMutablePointer<UInt8>
    let stride: Int

    /// A plane in memory Reel owns (a `ScratchBuffer`), `stride` bytes per row.
    init(base: UnsafeMutablePointer<UInt8>, stride: Int) {
        self.base = base
        self.stride = stride
    }

    /// Plane `index` of `frame`, starting at pixel (`x`, `y`) of that plane. The caller has checked the
    /// pixel format, so the plane exists.
    init(_ frame: Frame, plane index: Int, x: Int = 0, y: Int = 0) {
        stride = frame.lineSize(index)
        base = frame.data(index)! + y * stride + x
    }

    /// The first pixel of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + y &* stride }
}
