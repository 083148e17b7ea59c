import CFFmpeg
import ReelSpec

/// A visual item's `filters` (PRODUCT.md §1), applied in place to a YUV(A) 4:2:0 picture in the order
/// given: `grayscale`, `brightness`, `contrast` and `saturation` as lookup tables (a run of them
/// composed into one pass), `blur` as a separable running-sum box blur.
enum PictureFilters {
    /// Applies `filters` to `frame` in place, first making its buffers writable (a frame the encoder or
    /// a decoder still references is copied, never changed under them). Alpha is left alone by the point
    /// filters and blurred with luma.
    static func apply(_ filters: [FilterSpec], to frame: Frame) throws {
        guard !filters.isEmpty else { return }
        try CompositingError.require(frame, in: [AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVA420P],
                                     operation: "applying filters", role: "picture")
        try frame.makeWritable()
        var tables = ToneTables()
        for filter in filters {
            guard filter.kind == .blur else {
                tables.append(filter)
                continue
            }
            // Blur does not commute with the tables: flush the run before it.
            tables.apply(to: frame)
            tables = ToneTables()
            blur(frame, radius: filter.amount ?? 0)
        }
        tables.apply(to: frame)
    }

    /// Box-blurs every plane: luma and alpha by `radius`, chroma (half resolution) by half of it.
    static func blur(_ frame: Frame, radius: Double) {
        guard radius.isFinite else { return }
        let r = min(100, max(0, radius))
        let luma = BoxBlur(radius: Int(r.rounded())), chroma = BoxBlur(radius: Int((r / 2).rounded()))
        let w = frame.width, h = frame.height, cw = (w + 1) / 2, ch = (h + 1) / 2
        luma.apply(to: PlaneView(frame, plane: 0), width: w, height: h)
        chroma.apply(to: PlaneView(frame, plane: 1), width: cw, height: ch)
        chroma.apply(to: PlaneView(frame, plane: 2), width: cw, height: ch)
        if frame.pixelFormat == AV_PIX_FMT_YUVA420P { luma.apply(to: PlaneView(frame, plane: 3), width: w, height: h) }
    }
}
