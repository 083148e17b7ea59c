import CFFmpeg
import ReelSpec

/// Turns decoded pictures of any size, pixel format, aspect and rotation into output frames:
/// limited-range YUV 4:2:0 at the output size, placed by the fit mode over the background colour.
///
/// A picture that already is an output frame (same size, YUV 4:2:0, upright, square pixels, same
/// matrix) is passed through without a copy.
final class FrameFitter {
    let width: Int
    let height: Int
    let matrix: ColorMatrix
    let background: YUVColor
    /// Output YUVA 4:2:0 (alpha kept, e.g. a PNG overlay) instead of opaque YUV 4:2:0.
    let alpha: Bool
    private var scaler: Scaler?
    private var converter: ColorConverter?
    private var canvas: Frame?
    private var canvasDestination: PixelRect?
    private var turned: Frame?
    private var staging: Frame?

    /// `matrix` is the output's (a layer smaller than the output must still be converted into the
    /// output's matrix); by default it follows this fitter's own height.
    init(width: Int, height: Int, background: Color, alpha: Bool = false, matrix: ColorMatrix? = nil) {
        self.width = width
        self.height = height
        self.alpha = alpha
        self.matrix = matrix ?? ColorMatrix.forOutput(height: height)
        self.background = YUVColor(background, matrix: self.matrix)
    }

    /// A frame filled with a solid colour (colour cards, and the canvas under letterboxed pictures).
    func solid(_ color: YUVColor) throws -> Frame {
        let f = try Frame.video(width: width, height: height, format: alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P)
        paint(f, color)
        if alpha { PlaneOps.fill(f.data(3)!, stride: f.lineSize(3), width: width, height: height, value: 255) }
        tag(f)
        return f
    }

    /// Fits `src` (stored pixels turned `rotation` degrees clockwise) into an output frame. The
    /// returned frame may be `src` itself or a canvas reused by the next call, so hand it to the
    /// encoder before fitting another picture.
    func fit(_ src: Frame, rotation: Int, mode: FitMode) throws -> Frame {
        let color = PictureColor.of(src)  // once per picture, for both choices below
        if canPassThrough(src, color, rotation: rotation) { return src }
        let sar = src.pointer.pointee.sample_aspect_ratio
        let geometry = FitGeometry.compute(width: src.width, height: src.height,
                                           sar: sar.num > 0 && sar.den > 0 ? Rational(Int64(sar.num), Int64(sar.den)) : Rational(1),
                                           rotation: rotation, outWidth: width, outHeight: height, fit: mode)
        let dest = geometry.destination
        let out = try prepareCanvas(destination: dest)
        if rotation == 0 && dest.x + dest.width == width {
            try scaler(for: src, color, rect: geometry.source, to: dest.width, dest.height).scale(src, rect: geometry.source, into: out, at: dest)
        } else if rotation == 0 {
            // swscale writes rows in whole SIMD blocks, up to a few pixels past the destination's
            // width: harmless at the canvas's right edge (the row's padding), but inside it they
            // would overwrite the letterbox. So a picture that ends short of the edge is scaled on
            // its own and copied into place.
            let staged = try stagingFrame(width: dest.width, height: dest.height)
            try scaler(for: src, color, rect: geometry.source, to: dest.width, dest.height)
                .scale(src, rect: geometry.source, into: staged, at: PixelRect(x: 0, y: 0, width: dest.width, height: dest.height))
            copy(staged, into: out, at: dest)
        } else {
            // Scale into the unturned shape, then turn it into place.
            let quarter = rotation % 180 == 90
            let tw = quarter ? dest.height : dest.width, th = quarter ? dest.width : dest.height
            if turned == nil || turned!.width != tw || turned!.height != th {
                turned = try Frame.video(width: tw, height: th, format: alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P)
            }
            let tmp = turned!
            try scaler(for: src, color, rect: geometry.source, to: tw, th).scale(src, rect: geometry.source, into: tmp,
                                                                           at: PixelRect(x: 0, y: 0, width: tw, height: th))
            for p in 0..<(alpha ? 4 : 3) {
                let shift = p == 0 || p == 3 ? 0 : 1
                PlaneOps.rotate(tmp.data(p)!, srcStride: tmp.lineSize(p), srcWidth: tw >> shift, srcHeight: th >> shift,
                                into: out.data(p)! + (dest.y >> shift) * out.lineSize(p) + (dest.x >> shift),
                                dstStride: out.lineSize(p), degrees: rotation)
            }
        }
        return out
    }

    /// A frame of exactly `width`×`height` to scale into, reused while the size stays.
    private func stagingFrame(width w: Int, height h: Int) throws -> Frame {
        if let f = staging, f.width == w, f.height == h { return f }
        let f = try Frame.video(width: w, height: h, format: alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P)
        staging = f
        return f
    }

    /// Copies every plane of `picture` into `out` at `dest` (an even origin, so chroma lines up).
    private func copy(_ picture: Frame, into out: Frame, at dest: PixelRect) {
        for p in 0..<(alpha ? 4 : 3) {
            let shift = p == 0 || p == 3 ? 0 : 1
            PlaneOps.copy(from: picture.data(p)!, srcStride: picture.lineSize(p),
                          to: out.data(p)! + (dest.y >> shift) * out.lineSize(p) + (dest.x >> shift), dstStride: out.lineSize(p),
                          width: (dest.width + shift) >> shift, height: (dest.height + shift) >> shift)
        }
    }

    private func canPassThrough(_ src: Frame, _ color: PictureColor, rotation: Int) -> Bool {
        let f = src.pointer.pointee
        guard rotation == 0, src.pixelFormat == AV_PIX_FMT_YUV420P, src.width == width, src.height == height,
              f.color_range != AVCOL_RANGE_JPEG else { return false }
        let sar = f.sample_aspect_ratio
        guard sar.num == 0 || sar.num == sar.den else { return false }
        return sourceMatrix(src) == matrix && !color.needsLinearConversion
    }

    private func sourceMatrix(_ src: Frame) -> ColorMatrix {
        switch src.pointer.pointee.colorspace {
        case AVCOL_SPC_BT709: return .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC, AVCOL_SPC_SMPTE240M: return .bt601
        default: return ColorMatrix.forOutput(height: src.height)
        }
    }

    /// The reusable output canvas; the background is repainted only when the picture's place changes.
    private func prepareCanvas(destination: PixelRect) throws -> Frame {
        let c: Frame
        if let existing = canvas {
            try existing.makeWritable()
            c = existing
            if canvasDestination != destination { paint(c, background) }
        } else {
            c = try solid(background)
            canvas = c
        }
        canvasDestination = destination
        return c
    }

    /// swscale for pictures an SDR output takes by their matrix alone; zimg through linear light
    /// (`ColorConverter`) for wide-gamut and HDR ones (opaque layers: alpha layers are stills and
    /// titles, which are SDR).
    private func scaler(for src: Frame, _ color: PictureColor, rect: PixelRect, to w: Int, _ h: Int) throws -> any PictureScaler {
        if color.needsLinearConversion, !alpha {
            guard ColorConverter.reads(src.pixelFormat) else {
                let name = av_get_pix_fmt_name(src.pixelFormat).map { String(cString: $0) } ?? "?"
                throw ColorConversionError("pictures in \(name) with \(color.hdr ?? "wide-gamut") colour cannot be converted yet")
            }
            let key = ColorConverter.Key(srcWidth: src.width, srcHeight: src.height, srcFormat: src.pixelFormat.rawValue, color: color,
                                         rect: rect, dstWidth: w, dstHeight: h, dstMatrix: matrix)
            if let c = converter, c.key == key { return c }
            let c = try ColorConverter(key: key)
            converter = c
            return c
        }
        let fmt = src.pixelFormat
        let isRGB = (av_pix_fmt_desc_get(fmt)?.pointee.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
        let full = isRGB || color.fullRange  // swscale reads RGB as full range whatever its tag
        let cs: Int32 = sourceMatrix(src) == .bt709 ? SWS_CS_ITU709 : SWS_CS_ITU601
        let key = Scaler.Key(srcWidth: rect.width, srcHeight: rect.height, srcFormat: fmt.rawValue, srcColorspace: cs,
                             srcFullRange: full, dstWidth: w, dstHeight: h,
                             dstFormat: (alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P).rawValue,
                             dstMatrix: matrix)
        if let s = scaler, s.key == key { return s }
        let s = try Scaler(key: key)
        scaler = s
        return s
    }

    private func paint(_ f: Frame, _ c: YUVColor) {
        PlaneOps.fill(f.data(0)!, stride: f.lineSize(0), width: f.width, height: f.height, value: c.y)
        PlaneOps.fill(f.data(1)!, stride: f.lineSize(1), width: (f.width + 1) / 2, height: (f.height + 1) / 2, value: c.u)
        PlaneOps.fill(f.data(2)!, stride: f.lineSize(2), width: (f.width + 1) / 2, height: (f.height + 1) / 2, value: c.v)
    }

    private func tag(_ f: Frame) {
        f.pointer.pointee.color_range = AVCOL_RANGE_MPEG
        f.pointer.pointee.colorspace = matrix == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
    }
}
