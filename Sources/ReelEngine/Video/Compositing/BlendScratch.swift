/// The per-row temporaries of the blenders — edge coverage tables and gathered chroma rows — kept by a
/// `LayerCompositor` between draws (one per sample type) so blending allocates nothing once warmed up.
final class BlendScratch<S: PlaneSample> {
    /// Column and row edge coverage (0…256), indexed from the first chroma-pair column/row.
    let columns = ScratchBuffer<Int32>()
    let rows = ScratchBuffer<Int32>()
    /// Chroma samples realigned to the canvas's chroma grid, and their 2×2-mean alpha.
    let u = ScratchBuffer<S>()
    let v = ScratchBuffer<S>()
    let alpha = ScratchBuffer<S>()
}
