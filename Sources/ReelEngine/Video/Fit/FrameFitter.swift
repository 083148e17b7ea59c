import CFFmpeg
import ReelSpec

/// Turns decoded pictures of any size, pixel format, aspect and rotation into output frames:
/// limited-range YUV 4:2:0 in the canvas's colour (`CanvasColor`), at the output size and the
/// render's depth (8- or 10-bit), placed by the fit mode over the background colour. A 10-bit
/// source reaches a 10-bit canvas without passing through 8 bits (swscale and zimg write the
/// canvas's format directly).
///
/// A picture that already is an output frame (same size, format and colour, upright, square pixels)
/// is passed through without a copy.
final class FrameFitter {
    let width: Int
    let height: Int
    let color: CanvasColor
    let background: YUVColor
    /// Output YUVA 4:2:0 (alpha kept, e.g. a PNG overlay) instead of opaque YUV 4:2:0.
    let alpha: Bool
    let depth: SampleDepth
    /// The pixel format of every frame this fitter hands out.
    var format: AVPixelFormat { depth.format(alpha: alpha) }
    private var scaler: Scaler?
    private var converter: ColorConverter?
    /// Rearranges a picture zimg cannot read as it is (packed RGBA, NV12, …) into planes.
    private var planarizer: Scaler?
    private var planar: Frame?
    private var canvas: Frame?
    private var canvasDestination: PixelRect?
    private var turned: Frame?
    private var staging: Frame?
    /// How `fit: "blur"` fills the bars; its backdrop fitter and blurred picture, made on first use.
    var blurFill = BlurFill()
    private var backdropFitter: FrameFitter?
    private var backdrop: Frame?

    /// `color` is the output's (a layer smaller than the output must still be converted into the
    /// output's colour); by default the SDR colour of this fitter's own height.
    init(width: Int, height: Int, background: Color, alpha: Bool = false, color: CanvasColor? = nil, depth: SampleDepth = .eight) {
        self.width = width
        self.height = height
        self.alpha = alpha
        self.depth = depth
        self.color = color ?? CanvasColor.forOutput(height: height)
        self.background = YUVColor(background, matrix: self.color)
    }

    /// A frame filled with a solid colour (colour cards, and the canvas under letterboxed pictures).
    func solid(_ color: YUVColor) throws -> Frame {
        let f = try Frame.video(width: width, height: height, format: format)
        try paint(f, color)
        self.color.tag(f)
        return f
    }

    /// Fits `src` (stored pixels turned `rotation` degrees clockwise) into an output frame. The
    /// returned frame may be `src` itself or a canvas reused by the next call, so hand it to the
    /// encoder before fitting another picture. `still`: `src` is a still image (untagged, it is
    /// sRGB rather than video).
    func fit(_ src: Frame, rotation: Int, mode: FitMode, still: Bool = false) throws -> Frame {
        let picture = PictureColor.of(src, still: still)  // once per picture, for both choices below
        if canPassThrough(src, picture, rotation: rotation) { return src }
        // zimg reads planar pictures only; swscale reads anything.
        let source = picture.needsConversion(into: color) ? try readable(src, picture) : src
        let sar = src.pointer.pointee.sample_aspect_ratio
        let geometry = FitGeometry.compute(width: src.width, height: src.height,
                                           sar: sar.num > 0 && sar.den > 0 ? Rational(Int64(sar.num), Int64(sar.den)) : Rational(1),
                                           rotation: rotation, outWidth: width, outHeight: height, fit: mode)
        let dest = geometry.destination
        let out = try prepareCanvas(destination: dest)
        if mode == .blur && dest != PixelRect(x: 0, y: 0, width: width, height: height) {
            try FFmpegError.check(av_frame_copy(out.pointer, try blurredBackdrop(src, rotation: rotation, still: still).pointer),
                                  "av_frame_copy", "blur fill")
            canvasDestination = nil  // the bars hold this picture's backdrop: repainted for the next
        }
        if rotation == 0 && dest.x + dest.width == width {
            try scaler(for: source, picture, rect: geometry.source, to: dest.width, dest.height)
                .scale(source, rect: geometry.source, into: out, at: dest)
        } else if rotation == 0 {
            // swscale writes rows in whole SIMD blocks, up to a few pixels past the destination's
            // width: harmless at the canvas's right edge (the row's padding), but inside it they
            // would overwrite the letterbox. So a picture that ends short of the edge is scaled on
            // its own and copied into place.
            let staged = try stagingFrame(width: dest.width, height: dest.height)
            try scaler(for: source, picture, rect: geometry.source, to: dest.width, dest.height)
                .scale(source, rect: geometry.source, into: staged, at: PixelRect(x: 0, y: 0, width: dest.width, height: dest.height))
            PlaneOps.copyPlanes(of: staged, into: out, at: dest)
        } else {
            // Scale into the unturned shape, then turn it into place.
            let quarter = rotation % 180 == 90
            let tw = quarter ? dest.height : dest.width, th = quarter ? dest.width : dest.height
            if turned == nil || turned!.width != tw || turned!.height != th {
                turned = try Frame.video(width: tw, height: th, format: format)
            }
            let tmp = turned!
            try scaler(for: source, picture, rect: geometry.source, to: tw, th).scale(source, rect: geometry.source, into: tmp,
                                                                           at: PixelRect(x: 0, y: 0, width: tw, height: th))
            if depth == .ten {
                turn(tmp, into: out, at: dest, degrees: rotation, UInt16.self)
            } else {
                turn(tmp, into: out, at: dest, degrees: rotation, UInt8.self)
            }
        }
        return out
    }

    /// The picture scaled to fill the frame, blurred (`GaussianBlur`) and dimmed: the bars of
    /// `fit: "blur"`. Fitted by a fitter of its own (so this one's canvas stays) and copied, so a
    /// source passed through untouched is never blurred in place.
    private func blurredBackdrop(_ src: Frame, rotation: Int, still: Bool) throws -> Frame {
        let fitter = backdropFitter ?? FrameFitter(width: width, height: height, background: .black, alpha: alpha, color: color, depth: depth)
        backdropFitter = fitter
        let filled = try fitter.fit(src, rotation: rotation, mode: .fill, still: still)
        let out = try backdrop ?? Frame.video(width: width, height: height, format: format)
        backdrop = out
        try out.makeWritable()
        try FFmpegError.check(av_frame_copy(out.pointer, filled.pointer), "av_frame_copy", "blur fill")
        if depth == .ten {
            GaussianBlur.apply(to: out, sigma: blurFill.radius, dim: blurFill.dim, UInt16.self)
        } else {
            GaussianBlur.apply(to: out, sigma: blurFill.radius, dim: blurFill.dim, UInt8.self)
        }
        return out
    }

    /// Writes every plane of `picture` turned `degrees` clockwise into `out` at `dest`.
    private func turn<S: PlaneSample>(_ picture: Frame, into out: Frame, at dest: PixelRect, degrees: Int, _: S.Type) {
        for p in 0..<(alpha ? 4 : 3) {
            let shift = p == 0 || p == 3 ? 0 : 1
            let s = PlaneView<S>(picture, plane: p), d = PlaneView<S>(out, plane: p, x: dest.x >> shift, y: dest.y >> shift)
            PlaneOps.rotate(s.base, srcStride: s.stride, srcWidth: picture.width >> shift, srcHeight: picture.height >> shift,
                            into: d.base, dstStride: d.stride, degrees: degrees)
        }
    }

    /// A frame of exactly `width`×`height` to scale into, reused while the size stays.
    private func stagingFrame(width w: Int, height h: Int) throws -> Frame {
        if let f = staging, f.width == w, f.height == h { return f }
        let f = try Frame.video(width: w, height: h, format: format)
        staging = f
        return f
    }

    private func canPassThrough(_ src: Frame, _ picture: PictureColor, rotation: Int) -> Bool {
        let f = src.pointer.pointee
        guard rotation == 0, src.pixelFormat == format, src.width == width, src.height == height,
              f.color_range != AVCOL_RANGE_JPEG else { return false }
        let sar = f.sample_aspect_ratio
        guard sar.num == 0 || sar.num == sar.den else { return false }
        return picture.swsMatrix == color.swsMatrix && !picture.needsConversion(into: color)
    }

    /// The reusable output canvas; the background is repainted only when the picture's place changes.
    private func prepareCanvas(destination: PixelRect) throws -> Frame {
        let c: Frame
        if let existing = canvas {
            try existing.makeWritable()
            c = existing
            if canvasDestination != destination { try paint(c, background) }
        } else {
            c = try solid(background)
            canvas = c
        }
        canvasDestination = destination
        return c
    }

    /// swscale for pictures the canvas takes by their matrix alone; zimg through linear light
    /// (`ColorConverter`) for the others (wide gamut, HDR into SDR, SDR into HDR), alpha and all.
    private func scaler(for src: Frame, _ picture: PictureColor, rect: PixelRect, to w: Int, _ h: Int) throws -> any PictureScaler {
        let fmt = src.pixelFormat
        if picture.needsConversion(into: color) {
            let key = ColorConverter.Key(srcWidth: src.width, srcHeight: src.height, srcFormat: fmt.rawValue, color: picture,
                                         rect: rect, dstWidth: w, dstHeight: h, dst: color, dstDepth: depth, alpha: alpha)
            if let c = converter, c.key == key { return c }
            let c = try ColorConverter(key: key)
            converter = c
            return c
        }
        let isRGB = (av_pix_fmt_desc_get(fmt)?.pointee.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
        let full = isRGB || picture.fullRange  // swscale reads RGB as full range whatever its tag
        let key = Scaler.Key(srcWidth: rect.width, srcHeight: rect.height, srcFormat: fmt.rawValue, srcColorspace: picture.swsMatrix,
                             srcFullRange: full, dstWidth: w, dstHeight: h, dstFormat: format.rawValue, dstMatrix: color)
        if let s = scaler, s.key == key { return s }
        let s = try Scaler(key: key)
        scaler = s
        return s
    }

    /// `src` as zimg reads it: itself when it is planar already, else its planes rearranged by
    /// swscale without any change of value (packed RGB(A) into planar GBR(A), packed or
    /// semi-planar YUV into planar 4:4:4), at 8 bits or 16.
    private func readable(_ src: Frame, _ picture: PictureColor) throws -> Frame {
        let fmt = src.pixelFormat
        guard !ColorConverter.reads(fmt), let d = av_pix_fmt_desc_get(fmt)?.pointee else { return src }
        let isRGB = d.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0, hasAlpha = d.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
        let deep = d.comp.0.depth > 8
        let target: AVPixelFormat
        switch (isRGB, hasAlpha, deep) {
        case (true, true, true): target = AV_PIX_FMT_GBRAP16LE
        case (true, true, false): target = AV_PIX_FMT_GBRAP
        case (true, false, true): target = AV_PIX_FMT_GBRP16LE
        case (true, false, false): target = AV_PIX_FMT_GBRP
        case (false, true, true): target = AV_PIX_FMT_YUVA444P16LE
        case (false, true, false): target = AV_PIX_FMT_YUVA444P
        case (false, false, true): target = AV_PIX_FMT_YUV444P16LE
        case (false, false, false): target = AV_PIX_FMT_YUV444P
        }
        let key = Scaler.Key(srcWidth: src.width, srcHeight: src.height, srcFormat: fmt.rawValue, srcColorspace: picture.swsMatrix,
                             srcFullRange: isRGB || picture.fullRange, dstWidth: src.width, dstHeight: src.height,
                             dstFormat: target.rawValue, dstMatrix: color, dstFullRange: isRGB || picture.fullRange)
        if planarizer?.key != key { planarizer = try Scaler(key: key) }
        if planar == nil || planar!.width != src.width || planar!.height != src.height || planar!.pixelFormat != target {
            planar = try Frame.video(width: src.width, height: src.height, format: target)
        }
        let out = planar!
        try out.makeWritable()
        let whole = PixelRect(x: 0, y: 0, width: src.width, height: src.height)
        planarizer!.scale(src, rect: whole, into: out, at: whole)
        av_frame_copy_props(out.pointer, src.pointer)
        return out
    }

    /// Fills `f` with `c` (alpha opaque), at the fitter's depth.
    private func paint(_ f: Frame, _ c: YUVColor) throws {
        if depth == .ten { try paint(f, c, UInt16.self) } else { try paint(f, c, UInt8.self) }
    }

    private func paint<S: PlaneSample>(_ f: Frame, _ c: YUVColor, _: S.Type) throws {
        let values = try c.samples(S.self) + [S(truncatingIfNeeded: S.maximum)]
        for p in 0..<(alpha ? 4 : 3) {
            let shift = p == 1 || p == 2 ? 1 : 0, plane = PlaneView<S>(f, plane: p)
            PlaneOps.fill(plane.base, stride: plane.stride, width: (f.width + shift) >> shift, height: (f.height + shift) >> shift,
                          value: values[p])
        }
    }
}
