/// A transfer curve sampled once at evenly spaced points over `0...upper` and read by linear
/// interpolation: a curve run on every sample of every converted frame costs a lookup instead of a
/// `powf` (as zimg's own approximate curves do). Inputs below 0 (a resampler's undershoot) read as 0
/// and above `upper` as `upper`, as zimg's curves clamp them.
struct TransferTable {
    private let values: [Float]
    private let upper: Float
    private let scale: Float

    /// `steps` intervals over `0...upper`; 8192 over 0…2 keeps the error of BT.709's curves under
    /// 1e-6, a thousandth of a 10-bit step.
    init(upper: Float = 2, steps: Int = 8192, _ curve: (Float) -> Float) {
        self.upper = upper
        scale = Float(steps) / upper
        // One point past `upper`, so the last interval's right end is always there.
        values = (0...(steps + 1)).map { curve(Float($0) * upper / Float(steps)) }
    }

    func callAsFunction(_ v: Float) -> Float {
        // `v > 0` is false for NaN too: it reads as 0 rather than trapping on the index.
        let x = (v > 0 ? min(v, upper) : 0) * scale
        let i = Int(x)
        let t = x - Float(i)
        return values[i] + t * (values[i + 1] - values[i])
    }

    /// Replaces every sample of the first `count` planes of `planes` by the curve's value.
    func apply(to planes: FloatPlanes, count: Int) {
        for p in 0..<count {
            let base = planes.planes[p]
            for row in 0..<planes.height {
                let line = base + row * planes.stride
                for x in 0..<planes.width { line[x] = self(line[x]) }
            }
        }
    }
}
