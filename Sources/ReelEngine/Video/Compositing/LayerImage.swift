/// A layer picture ready to blend: `width`×`height` pixels of YUV 4:2:0 at the canvas's depth, with colour **premultiplied**
/// by alpha when `alpha` is present, so any resampling of it (swscale, bilinear) never bleeds the
/// colour of transparent pixels into the edge of the visible part.
///
/// The planes point into the source frame, or into `LayerPreparer`'s scratch frames; both outlive the
/// draw call that uses the image.
struct LayerImage<S: PlaneSample> {
    let width: Int
    let height: Int
    let y: PlaneView<S>
    let u: PlaneView<S>
    let v: PlaneView<S>
    /// Alpha at luma resolution (0…`S.maximum`); nil for an opaque layer.
    let alpha: PlaneView<S>?
    /// Alpha at chroma resolution, each sample the mean of its 2×2 block of `alpha`; made only for the
    /// rotated path, which samples chroma on its own grid.
    var chromaAlpha: PlaneView<S>?
    /// Where `alpha` is non-zero, in this image's coordinates; nil: anywhere (no record).
    var coverage: AlphaCoverage?

    var chromaWidth: Int { (width + 1) / 2 }
    var chromaHeight: Int { (height + 1) / 2 }

    /// The `rect` of a planar YUV(A) 4:2:0 `frame`; `rect` has an even origin.
    init(_ frame: Frame, rect: PixelRect, hasAlpha: Bool) {
        width = rect.width
        height = rect.height
        y = PlaneView(frame, plane: 0, x: rect.x, y: rect.y)
        u = PlaneView(frame, plane: 1, x: rect.x / 2, y: rect.y / 2)
        v = PlaneView(frame, plane: 2, x: rect.x / 2, y: rect.y / 2)
        alpha = hasAlpha ? PlaneView(frame, plane: 3, x: rect.x, y: rect.y) : nil
    }
}
