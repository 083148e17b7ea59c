/// The per-row temporaries of the blenders — edge coverage tables and gathered chroma rows — kept by a
/// `LayerCompositor` between draws so blending allocates nothing once warmed up.
final class BlendScratch {
    /// Column and row edge coverage (0…256), indexed from the first chroma-pair column/row.
    let columns = ScratchBuffer<Int32>()
    let rows = ScratchBuffer<Int32>()
    /// Chroma samples realigned to the canvas's chroma grid, and their 2×2-mean alpha.
    let u = ScratchBuffer<UInt8>()
    let v = ScratchBuffer<UInt8>()
    let alpha = ScratchBuffer<UInt8>()
}
