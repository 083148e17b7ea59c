/// One picture plane seen as a base pointer and a stride in samples, so the compositing loops address
/// rows with pointer arithmetic instead of going through `Frame` (or Swift arrays) per pixel.
struct PlaneView<Sample: PlaneSample> {
    let base: UnsafeMutablePointer<Sample>
    /// Samples (not bytes) from one row to the next.
    let stride: Int

    /// A plane in memory Reel owns (a `ScratchBuffer`), `stride` samples per row.
    init(base: UnsafeMutablePointer<Sample>, stride: Int) {
        self.base = base
        self.stride = stride
    }

    /// Plane `index` of `frame`, starting at pixel (`x`, `y`) of that plane. The caller has checked the
    /// pixel format (its samples are `Sample`s), so the plane exists.
    init(_ frame: Frame, plane index: Int, x: Int = 0, y: Int = 0) {
        stride = frame.lineSize(index) / MemoryLayout<Sample>.stride
        base = UnsafeMutableRawPointer(frame.data(index)!).assumingMemoryBound(to: Sample.self) + y * stride + x
    }

    /// The first pixel of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<Sample> { base + y &* stride }
}
