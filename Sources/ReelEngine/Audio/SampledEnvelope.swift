/// A gain envelope over sample positions (fractional), evaluated sample by sample so a ramp is a
/// straight line in the output, with no per-block steps.
struct SampledEnvelope {
    let positions: [Double]
    let values: [Double]

    var isConstant: Bool { values.allSatisfy { $0 == values[0] } }

    /// Multiplies `out[k]` by the gain at sample `first + k`, for `count` samples.
    func apply(to out: UnsafeMutablePointer<Float>, from first: Int64, count: Int) {
        if isConstant {
            let g = Float(values[0])
            if g != 1 { for k in 0..<count { out[k] *= g } }
            return
        }
        var seg = 0
        for k in 0..<count {
            let s = Double(first + Int64(k))
            while seg < positions.count && positions[seg] <= s { seg += 1 }
            let g: Double
            if seg == 0 {
                g = values[0]
            } else if seg == positions.count {
                g = values[positions.count - 1]
            } else {
                let p0 = positions[seg - 1], p1 = positions[seg]
                let a = (s - p0) / (p1 - p0)
                g = values[seg - 1] + (values[seg] - values[seg - 1]) * a
            }
            out[k] *= Float(g)
        }
    }
}
