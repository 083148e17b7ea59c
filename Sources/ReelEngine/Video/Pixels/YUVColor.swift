import ReelSpec

/// A colour in limited-range Y′CbCr, in the matrix of the output (BT.709 for HD, BT.601 for SD).
struct YUVColor: Equatable, Sendable {
    var y: UInt8
    var u: UInt8
    var v: UInt8

    init(_ c: Color, matrix: ColorMatrix) {
        let r = Double(c.red) / 255, g = Double(c.green) / 255, b = Double(c.blue) / 255
        let (kr, kb) = matrix.coefficients
        let yy = kr * r + (1 - kr - kb) * g + kb * b
        let pb = (b - yy) / (2 * (1 - kb))
        let pr = (r - yy) / (2 * (1 - kr))
        y = YUVColor.clamp(16 + 219 * yy)
        u = YUVColor.clamp(128 + 224 * pb)
        v = YUVColor.clamp(128 + 224 * pr)
    }

    static func clamp(_ x: Double) -> UInt8 { UInt8(max(0, min(255, x.rounded()))) }
}
