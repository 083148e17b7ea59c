import ReelSpec

/// A colour in limited-range Y′CbCr, in the matrix of the output (BT.709 for HD, BT.601 for SD).
struct YUVColor: Equatable, Sendable {
    /// The 8-bit levels (what an 8-bit canvas is painted with).
    var y: UInt8
    var u: UInt8
    var v: UInt8
    /// The exact levels in 8-bit units (16…235 luma, 16…240 chroma), kept so a 10-bit canvas gets
    /// the colour to 10 bits rather than an 8-bit level shifted up.
    private var levels: [Double]

    init(_ c: Color, matrix: ColorMatrix) {
        let r = Double(c.red) / 255, g = Double(c.green) / 255, b = Double(c.blue) / 255
        let (kr, kb) = matrix.coefficients
        let yy = kr * r + (1 - kr - kb) * g + kb * b
        let pb = (b - yy) / (2 * (1 - kb))
        let pr = (r - yy) / (2 * (1 - kr))
        levels = [16 + 219 * yy, 128 + 224 * pb, 128 + 224 * pr]
        y = YUVColor.clamp(levels[0])
        u = YUVColor.clamp(levels[1])
        v = YUVColor.clamp(levels[2])
    }

    /// The Y′, Cb and Cr samples at `S`'s depth.
    func samples<S: PlaneSample>(_: S.Type) -> [S] {
        let scale = Double(1 << S.shift)
        return levels.map { S.clamped(Int32(($0 * scale).rounded())) }
    }

    static func clamp(_ x: Double) -> UInt8 { UInt8(max(0, min(255, x.rounded()))) }
}
