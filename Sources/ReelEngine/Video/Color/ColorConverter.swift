import CFFmpeg
import CZimg

/// Scales a picture whose colour the canvas cannot take by a matrix alone
/// (`PictureColor.needsConversion(into:)`: wide gamut, HDR into SDR, SDR into HDR, one HDR transfer
/// into the other) into the canvas's YUV(A) 4:2:0, through linear light: zimg decodes the source's
/// matrix, range, chroma siting and transfer, resamples it to the output size and converts its
/// primaries to the canvas's (HDR and SDR scaled so BT.2408's reference white, 203 cd/m², is 1.0:
/// SDR white); `LinearLightMapping` brings it into the canvas's gamut and range; zimg encodes it with
/// the canvas's transfer and matrix, limited range, at the canvas's depth (dithered to 8 bits, or
/// 10). Straight alpha, when the picture has it, is resampled alongside. One converter per source
/// shape and colour, reused while they stay.
///
/// SDR video into SDR (`PictureColor.convertsInSceneLight(into:)`) goes through the light of the
/// scene instead, as zimg 3.0 cannot: zimg decodes it only to R′G′B′, `SceneLight` undoes the
/// camera curve, a third zimg graph converts the primaries, and after the mapping `SceneLight`
/// redoes the curve for zimg to encode.
final class ColorConverter: PictureScaler {
    struct Key: Equatable {
        var srcWidth: Int, srcHeight: Int, srcFormat: Int32
        var color: PictureColor
        var rect: PixelRect
        var dstWidth: Int, dstHeight: Int
        var dst: CanvasColor
        var dstDepth: SampleDepth = .eight
        /// Carry the source's alpha into the output (both have it); false drops a source's alpha.
        var alpha = false
    }

    let key: Key
    private let toLinear: ZimgGraph
    private let fromLinear: ZimgGraph
    private let linear: FloatPlanes
    private let staging: Frame
    private let mapping: LinearLightMapping
    /// Scene-light conversions only: the graph converting linear light from the source's primaries
    /// to the canvas's, and the planes it reads (the source's R′G′B′, then its light; alpha stays there).
    private let sceneLight: (primaries: ZimgGraph, decoded: FloatPlanes)?
    /// The frame's plane holding each of zimg's planes in order (R, G, B or Y, U, V, then alpha).
    private let sourcePlanes: [Int]

    /// Whether zimg can read frames of `format` as they are: planar, three components (four with
    /// alpha) each in a plane of its own, integer samples of up to 16 bits in this machine's byte
    /// order.
    static func reads(_ format: AVPixelFormat) -> Bool {
        guard let d = av_pix_fmt_desc_get(format)?.pointee else { return false }
        let refused = UInt64(AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_BITSTREAM | AV_PIX_FMT_FLAG_HWACCEL | AV_PIX_FMT_FLAG_FLOAT
                             | AV_PIX_FMT_FLAG_BE)
        let hasAlpha = d.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
        guard d.nb_components == (hasAlpha ? 4 : 3), d.flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) != 0, d.flags & refused == 0
        else { return false }
        let comps = [d.comp.0, d.comp.1, d.comp.2, d.comp.3].prefix(Int(d.nb_components))
        return Set(comps.map(\.plane)).count == comps.count && comps.allSatisfy { $0.shift == 0 && $0.depth <= 16 && $0.depth == comps.first!.depth }
    }

    init(key: Key) throws {
        guard let d = av_pix_fmt_desc_get(AVPixelFormat(rawValue: key.srcFormat))?.pointee else {
            throw ColorConversionError("an unknown pixel format")
        }
        let alpha = key.alpha && d.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
        let comps = [d.comp.0, d.comp.1, d.comp.2, d.comp.3].prefix(alpha ? 4 : 3)
        let depth = Int(comps[0].depth)
        let isRGB = d.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
        var source = ZimgGraph.format()
        // zimg takes only whole chroma samples: an odd-sized 4:2:0 picture loses its last column or
        // row (the crop below stays inside).
        let (w, h) = ((key.srcWidth >> Int(d.log2_chroma_w)) << Int(d.log2_chroma_w), (key.srcHeight >> Int(d.log2_chroma_h)) << Int(d.log2_chroma_h))
        source.width = UInt32(w)
        source.height = UInt32(h)
        source.pixel_type = depth > 8 ? ZIMG_PIXEL_WORD : ZIMG_PIXEL_BYTE
        source.depth = UInt32(depth)
        source.subsample_w = UInt32(d.log2_chroma_w)
        source.subsample_h = UInt32(d.log2_chroma_h)
        source.color_family = isRGB ? ZIMG_COLOR_RGB : ZIMG_COLOR_YUV
        source.matrix_coefficients = isRGB ? ZIMG_MATRIX_RGB : key.color.zimgMatrix
        source.transfer_characteristics = key.color.zimgTransfer
        source.color_primaries = key.color.zimgPrimaries
        source.pixel_range = key.color.fullRange ? ZIMG_RANGE_FULL : ZIMG_RANGE_LIMITED
        source.chroma_location = key.color.zimgChroma
        source.alpha = alpha ? ZIMG_ALPHA_STRAIGHT : ZIMG_ALPHA_NONE
        source.active_region.left = Double(key.rect.x)
        source.active_region.top = Double(key.rect.y)
        source.active_region.width = Double(min(key.rect.width, w - key.rect.x))
        source.active_region.height = Double(min(key.rect.height, h - key.rect.y))

        let canvas = key.dst.conversionTarget
        let inScene = key.color.convertsInSceneLight(into: key.dst)
        var linearFormat = ZimgGraph.format()
        linearFormat.width = UInt32(key.dstWidth)
        linearFormat.height = UInt32(key.dstHeight)
        linearFormat.pixel_type = ZIMG_PIXEL_FLOAT
        linearFormat.color_family = ZIMG_COLOR_RGB
        linearFormat.matrix_coefficients = ZIMG_MATRIX_RGB
        linearFormat.transfer_characteristics = ZIMG_TRANSFER_LINEAR
        linearFormat.color_primaries = canvas.zimgPrimaries
        linearFormat.pixel_range = ZIMG_RANGE_FULL
        linearFormat.alpha = source.alpha

        var output = ZimgGraph.format()
        output.width = UInt32(key.dstWidth)
        output.height = UInt32(key.dstHeight)
        output.pixel_type = key.dstDepth == .ten ? ZIMG_PIXEL_WORD : ZIMG_PIXEL_BYTE
        output.depth = key.dstDepth == .ten ? 10 : 8
        output.subsample_w = 1
        output.subsample_h = 1
        output.color_family = ZIMG_COLOR_YUV
        output.matrix_coefficients = canvas.zimgMatrix
        output.transfer_characteristics = canvas.zimgTransfer
        output.color_primaries = canvas.zimgPrimaries
        output.pixel_range = ZIMG_RANGE_LIMITED
        output.chroma_location = ZIMG_CHROMA_LEFT
        output.alpha = source.alpha

        var decode = ZimgGraph.params()
        decode.resample_filter = ZIMG_RESIZE_BICUBIC
        decode.nominal_peak_luminance = 203  // ITU-R BT.2408 HDR reference white is SDR's 1.0
        // Transfer functions from zimg's interpolated tables instead of powf per sample (most of the
        // conversion's time), with errors far below an output's step.
        decode.allow_approximate_gamma = 1
        var encode = ZimgGraph.params()
        encode.dither_type = ZIMG_DITHER_ORDERED
        encode.nominal_peak_luminance = 203
        encode.allow_approximate_gamma = 1
        if inScene {
            // The source's own R′G′B′ (zimg changes only matrix, range, siting and size), its light
            // in its own primaries, that light in the canvas's, and the canvas's R′G′B′.
            var signal = linearFormat, sourceLight = linearFormat, canvasLight = linearFormat, encoded = linearFormat
            signal.transfer_characteristics = key.color.zimgTransfer
            signal.color_primaries = key.color.zimgPrimaries
            sourceLight.color_primaries = key.color.zimgPrimaries
            sourceLight.alpha = ZIMG_ALPHA_NONE
            canvasLight.alpha = ZIMG_ALPHA_NONE
            encoded.transfer_characteristics = canvas.zimgTransfer
            toLinear = try ZimgGraph(from: source, to: signal, params: decode)
            fromLinear = try ZimgGraph(from: encoded, to: output, params: encode)
            sceneLight = try (ZimgGraph(from: sourceLight, to: canvasLight, params: decode),
                              FloatPlanes(width: key.dstWidth, height: key.dstHeight, count: alpha ? 4 : 3))
        } else {
            toLinear = try ZimgGraph(from: source, to: linearFormat, params: decode)
            fromLinear = try ZimgGraph(from: linearFormat, to: output, params: encode)
            sceneLight = nil
        }
        linear = try FloatPlanes(width: key.dstWidth, height: key.dstHeight, count: alpha ? 4 : 3)
        staging = try Frame.video(width: key.dstWidth, height: key.dstHeight, format: key.dstDepth.format(alpha: alpha))
        mapping = .from(key.color, into: key.dst)
        sourcePlanes = comps.map { Int($0.plane) }
        self.key = key
    }

    func scale(_ src: Frame, rect: PixelRect, into dst: Frame, at dstRect: PixelRect) throws {
        let readable = try Self.aligned(src)
        let floatStride = linear.stride * MemoryLayout<Float>.size
        let decoded = sceneLight?.decoded ?? linear
        try toLinear.process(sourcePlanes.map { (UnsafeRawPointer(readable.data($0)!), readable.lineSize($0)) },
                             into: decoded.planes.map { (UnsafeMutableRawPointer($0), floatStride) })
        if let sceneLight {
            SceneLight.linearise.apply(to: decoded, count: 3)
            try sceneLight.primaries.process(decoded.planes.prefix(3).map { (UnsafeRawPointer($0), floatStride) },
                                             into: linear.planes.prefix(3).map { (UnsafeMutableRawPointer($0), floatStride) })
        }
        mapping.apply(to: linear, rows: 0..<linear.height)
        if sceneLight != nil { SceneLight.encode.apply(to: linear, count: 3) }
        try staging.makeWritable()
        let planes: [UnsafeMutablePointer<Float>] = Array(linear.planes.prefix(3)) + decoded.planes.dropFirst(3)  // alpha as decoded
        try fromLinear.process(planes.map { (UnsafeRawPointer($0), floatStride) },
                               into: (0..<planes.count).map { (UnsafeMutableRawPointer(staging.data($0)!), staging.lineSize($0)) })
        PlaneOps.copyPlanes(of: staging, into: dst, at: dstRect)
    }

    /// `frame`, or a copy of it whose planes start and step on 32-byte boundaries, as zimg reads them.
    private static func aligned(_ frame: Frame) throws -> Frame {
        let ok = (0..<4).allSatisfy { p in
            guard let data = frame.data(p) else { return true }
            return Int(bitPattern: data) % 32 == 0 && frame.lineSize(p) % 32 == 0
        }
        if ok { return frame }
        let copy = try Frame.video(width: frame.width, height: frame.height, format: frame.pixelFormat)
        try FFmpegError.check(av_frame_copy(copy.pointer, frame.pointer), "av_frame_copy", "aligning a picture for colour conversion")
        return copy
    }
}
