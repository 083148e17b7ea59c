import ReelSpec

/// The point filters (`grayscale`, `brightness`, `contrast`, `saturation`) as two lookup tables with
/// an entry per sample value (256 or 1024), one for luma and one for both chroma planes. Consecutive point filters compose into the
/// same tables, so any run of them costs one table lookup per sample, whatever its length.
///
/// Limited-range maths, written in 8-bit levels whatever the depth (a 10-bit sample is a level with
/// two more fractional bits): luma works in (Y−16)/219, chroma about 128; results clamp to 16…235
/// for luma and 16…240 for chroma.
struct ToneTables<S: PlaneSample> {
    private(set) var luma: [S] = (0...Int(S.maximum)).map { S(truncatingIfNeeded: $0) }
    private(set) var chroma: [S] = (0...Int(S.maximum)).map { S(truncatingIfNeeded: $0) }
    /// Whether a table differs from identity (untouched planes are not read at all).
    private(set) var changesLuma = false
    private(set) var changesChroma = false

    /// Composes `filter` after the filters already added. Blur is not a point filter and is ignored
    /// here (`PictureFilters` runs it between table passes). A missing amount means "unchanged".
    mutating func append(_ filter: FilterSpec) {
        switch filter.kind {
        case .grayscale:
            mapChroma { _ in 128 }
        case .brightness:
            let delta = clamped(filter.amount, -1, 1, neutral: 0) * 219
            guard delta != 0 else { return }
            mapLuma { $0 + delta }
        case .contrast:
            let k = clamped(filter.amount, 0, 4, neutral: 1)
            guard k != 1 else { return }
            // 0.5 in (Y−16)/219 is Y = 125.5; this form is exact, so ties round the same way everywhere.
            mapLuma { 125.5 + ($0 - 125.5) * k }
        case .saturation:
            let k = clamped(filter.amount, 0, 4, neutral: 1)
            guard k != 1 else { return }
            mapChroma { 128 + ($0 - 128) * k }
        case .blur:
            return
        }
    }

    /// Applies the tables to the luma and chroma planes of a YUV(A) 4:2:0 frame of `S` samples.
    func apply(to frame: Frame) {
        if changesLuma { ToneTables.map(PlaneView(frame, plane: 0), width: frame.width, height: frame.height, luma) }
        if changesChroma {
            for p in 1...2 {
                ToneTables.map(PlaneView(frame, plane: p), width: (frame.width + 1) / 2, height: (frame.height + 1) / 2, chroma)
            }
        }
    }

    /// One step in 8-bit levels (1 at 8 bits, ¼ at 10).
    private static var step: Double { 1 / Double(1 << S.shift) }

    private mutating func mapLuma(_ f: (Double) -> Double) {
        luma = luma.map { ToneTables.clamp(f(Double($0) * ToneTables.step), 16, 235) }
        changesLuma = true
    }

    private mutating func mapChroma(_ f: (Double) -> Double) {
        chroma = chroma.map { ToneTables.clamp(f(Double($0) * ToneTables.step), 16, 240) }
        changesChroma = true
    }

    private func clamped(_ amount: Double?, _ lo: Double, _ hi: Double, neutral: Double) -> Double {
        guard let amount, amount.isFinite else { return neutral }
        return min(hi, max(lo, amount))
    }

    /// `v` (8-bit levels) clamped to `lo…hi` and rounded to a sample.
    private static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> S {
        S(truncatingIfNeeded: Int((min(hi, max(lo, v)) / step).rounded()))
    }

    private static func map(_ plane: PlaneView<S>, width: Int, height: Int, _ table: [S]) {
        table.withUnsafeBufferPointer { t in
            for y in 0..<height {
                let row = plane.row(y)
                for x in 0..<width { row[x] = t[Int(row[x])] }
            }
        }
    }
}
