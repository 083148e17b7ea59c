import CFFmpeg
import ReelSpec

/// A visual item's `filters` (docs/SPEC.md), applied in place to a YUV(A) 4:2:0 picture (8- or 10-bit) in the order
/// given: `grayscale`, `brightness`, `contrast` and `saturation` as lookup tables (a run of them
/// composed into one pass), `blur` as a separable running-sum box blur.
enum PictureFilters {
    /// Applies `filters` to `frame` in place, first making its buffers writable (a frame the encoder or
    /// a decoder still references is copied, never changed under them). Alpha is left alone by the point
    /// filters and blurred with luma.
    static func apply(_ filters: [FilterSpec], to frame: Frame) throws {
        guard !filters.isEmpty else { return }
        try CompositingError.require(frame, in: SampleDepth.eight.formats + SampleDepth.ten.formats,
                                     operation: "applying filters", role: "picture")
        try frame.makeWritable()
        if SampleDepth(canvasFormat: frame.pixelFormat) == .ten {
            apply(filters, to: frame, UInt16.self)
        } else {
            apply(filters, to: frame, UInt8.self)
        }
    }

    private static func apply<S: PlaneSample>(_ filters: [FilterSpec], to frame: Frame, _: S.Type) {
        var tables = ToneTables<S>()
        for filter in filters {
            guard filter.kind == .blur else {
                tables.append(filter)
                continue
            }
            // Blur does not commute with the tables: flush the run before it.
            tables.apply(to: frame)
            tables = ToneTables()
            blur(frame, radius: filter.amount ?? 0, S.self)
        }
        tables.apply(to: frame)
    }

    /// Box-blurs every plane: luma and alpha by `radius`, chroma (half resolution) by half of it.
    static func blur<S: PlaneSample>(_ frame: Frame, radius: Double, _: S.Type) {
        guard radius.isFinite else { return }
        let r = min(100, max(0, radius))
        let luma = BoxBlur<S>(radius: Int(r.rounded())), chroma = BoxBlur<S>(radius: Int((r / 2).rounded()))
        let w = frame.width, h = frame.height, cw = (w + 1) / 2, ch = (h + 1) / 2
        luma.apply(to: PlaneView(frame, plane: 0), width: w, height: h)
        chroma.apply(to: PlaneView(frame, plane: 1), width: cw, height: ch)
        chroma.apply(to: PlaneView(frame, plane: 2), width: cw, height: ch)
        if SampleDepth.ten.format(alpha: true) == frame.pixelFormat || SampleDepth.eight.format(alpha: true) == frame.pixelFormat {
            luma.apply(to: PlaneView(frame, plane: 3), width: w, height: h)
        }
    }
}
