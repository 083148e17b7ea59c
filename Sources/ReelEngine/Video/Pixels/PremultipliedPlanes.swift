import CFFmpeg

/// A layer drawn in premultiplied gamma-encoded RGB with alpha (0–1 floats), as titles and shapes
/// are composed, and its one way onto the canvas: straight-alpha YUVA 4:2:0 in a given matrix, at
/// the canvas's depth. Chroma is the alpha-weighted mean of its 2×2 pixels, so transparent pixels
/// lend no colour to an edge (no fringe).
struct PremultipliedPlanes {
    let width: Int
    let height: Int
    var r: [Float], g: [Float], b: [Float], a: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let n = width * height
        r = [Float](repeating: 0, count: n)
        g = r
        b = r
        a = r
    }

    subscript(i: Int) -> Premultiplied {
        get { Premultiplied(r: r[i], g: g[i], b: b[i], a: a[i]) }
        set {
            r[i] = newValue.r
            g[i] = newValue.g
            b[i] = newValue.b
            a[i] = newValue.a
        }
    }

    /// The planes as a YUVA 4:2:0 frame in `matrix` (limited range) at `depth`.
    func frame(matrix: CanvasColor, depth: SampleDepth = .eight) throws -> Frame {
        let f = try Frame.video(width: width, height: height, format: depth.format(alpha: true))
        switch depth {
        case .eight: write(f, matrix, UInt8.self)
        case .ten: write(f, matrix, UInt16.self)
        }
        matrix.tag(f)
        return f
    }

    private func write<S: PlaneSample>(_ f: Frame, _ matrix: CanvasColor, _: S.Type) {
        let (kr, kb) = matrix.coefficients
        let kg = 1 - kr - kb
        let scale = Double(1 << S.shift), top = Double(S.maximum)
        func sample(_ x: Double) -> S { S(max(0, min(top, x.rounded()))) }
        let n = width * height
        var pb = [Float](repeating: 0, count: n), pr = [Float](repeating: 0, count: n)
        let yPlane = PlaneView<S>(f, plane: 0), aPlane = PlaneView<S>(f, plane: 3)
        for y in 0..<height {
            let yRow = yPlane.row(y), aRow = aPlane.row(y)
            for x in 0..<width {
                let i = y * width + x
                let luma = kr * Double(r[i]) + kg * Double(g[i]) + kb * Double(b[i])
                pb[i] = Float((Double(b[i]) - luma) / (2 * (1 - kb)))
                pr[i] = Float((Double(r[i]) - luma) / (2 * (1 - kr)))
                yRow[x] = a[i] > 0 ? sample(scale * (16 + 219 * luma / Double(a[i]))) : S.level(16)
                aRow[x] = sample(Double(a[i]) * top)
            }
        }
        let uPlane = PlaneView<S>(f, plane: 1), vPlane = PlaneView<S>(f, plane: 2)
        for cy in 0..<(height / 2) {
            let uRow = uPlane.row(cy), vRow = vPlane.row(cy)
            for cx in 0..<(width / 2) {
                let i0 = 2 * cy * width + 2 * cx, i1 = i0 + width
                let w = a[i0] + a[i0 + 1] + a[i1] + a[i1 + 1]
                guard w > 0 else {
                    uRow[cx] = S.level(128)
                    vRow[cx] = S.level(128)
                    continue
                }
                uRow[cx] = sample(scale * (128 + 224 * Double((pb[i0] + pb[i0 + 1] + pb[i1] + pb[i1 + 1]) / w)))
                vRow[cx] = sample(scale * (128 + 224 * Double((pr[i0] + pr[i0 + 1] + pr[i1] + pr[i1 + 1]) / w)))
            }
        }
    }
}
