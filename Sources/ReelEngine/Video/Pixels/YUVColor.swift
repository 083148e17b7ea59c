import CFFmpeg
import ReelSpec

/// A colour of the spec (`#RRGGBB`: SDR R′G′B′, BT.709 primaries) on a canvas of `canvas` colour:
/// limited-range Y′CbCr in the canvas's matrix (BT.709 for HD, BT.601 for SD), or, on an HDR canvas,
/// the SDR colour placed at HDR reference white by the same conversion SDR pictures take
/// (`ColorConverter`), so a white card is HLG 75 % or PQ 203 cd/m².
struct YUVColor: Equatable, Sendable {
    /// The 8-bit SDR levels (what an 8-bit canvas is painted with; BT.709's on an HDR canvas).
    var y: UInt8
    var u: UInt8
    var v: UInt8
    let canvas: CanvasColor
    /// The exact SDR levels in 8-bit units (16…235 luma, 16…240 chroma), kept so a 10-bit canvas
    /// gets the colour to 10 bits rather than an 8-bit level shifted up.
    private var levels: [Double]

    init(_ c: Color, matrix canvas: CanvasColor) {
        self.canvas = canvas
        let r = Double(c.red) / 255, g = Double(c.green) / 255, b = Double(c.blue) / 255
        let (kr, kb) = (canvas.isHDR ? CanvasColor.bt709 : canvas).coefficients
        let yy = kr * r + (1 - kr - kb) * g + kb * b
        let pb = (b - yy) / (2 * (1 - kb))
        let pr = (r - yy) / (2 * (1 - kr))
        levels = [16 + 219 * yy, 128 + 224 * pb, 128 + 224 * pr]
        y = YUVColor.clamp(levels[0])
        u = YUVColor.clamp(levels[1])
        v = YUVColor.clamp(levels[2])
    }

    /// The Y′, Cb and Cr samples at `S`'s depth, on the canvas. Throws `ColorConversionError` if
    /// zimg cannot place the colour on an HDR canvas.
    func samples<S: PlaneSample>(_: S.Type) throws -> [S] {
        let levels = canvas.isHDR ? try placed() : self.levels
        let scale = Double(1 << S.shift)
        return levels.map { S.clamped(Int32(($0 * scale).rounded())) }
    }

    /// The SDR colour converted onto the HDR canvas (in 8-bit units, 10-bit precise): a 2×2 BT.709
    /// picture through `ColorConverter`.
    private func placed() throws -> [Double] {
        let format = SampleDepth.ten.format(alpha: false)
        let sdr = try Frame.video(width: 2, height: 2, format: format)
        let values = levels.map { UInt16(($0 * 4).rounded()) }
        for p in 0..<3 {
            let plane = PlaneView<UInt16>(sdr, plane: p)
            PlaneOps.fill(plane.base, stride: plane.stride, width: p == 0 ? 2 : 1, height: p == 0 ? 2 : 1, value: values[p])
        }
        CanvasColor.bt709.tag(sdr)
        let rect = PixelRect(x: 0, y: 0, width: 2, height: 2)
        let converter = try ColorConverter(key: .init(srcWidth: 2, srcHeight: 2, srcFormat: format.rawValue,
                                                      color: PictureColor.of(sdr), rect: rect, dstWidth: 2, dstHeight: 2,
                                                      dst: canvas, dstDepth: .ten))
        let out = try Frame.video(width: 2, height: 2, format: format)
        try converter.scale(sdr, rect: rect, into: out, at: rect)
        return (0..<3).map { Double(PlaneView<UInt16>(out, plane: $0).row(0)[0]) / 4 }
    }

    static func clamp(_ x: Double) -> UInt8 { UInt8(max(0, min(255, x.rounded()))) }
}
