import CFFmpeg
import CZimg

/// What a picture's numbers mean, every field resolved: the stream's (or frame's) own tags, and for
/// what it leaves out the default colours (Sources/ReelEngine/README.md, colour) (BT.601 below 720 lines, BT.709 from 720, limited
/// range; stills sRGB, full range; RGB formats full range). The one place those defaults live:
/// `ColorDescription` reports them and the converters act on them.
struct PictureColor: Equatable {
    var matrix: AVColorSpace
    var primaries: AVColorPrimaries
    var transfer: AVColorTransferCharacteristic
    var fullRange: Bool
    var chromaLocation: AVChromaLocation

    static func resolve(matrix: AVColorSpace, primaries: AVColorPrimaries, transfer: AVColorTransferCharacteristic,
                        range: AVColorRange, chromaLocation: AVChromaLocation, format: AVPixelFormat, height: Int,
                        still: Bool) -> PictureColor {
        let descriptor = format.rawValue >= 0 ? av_pix_fmt_desc_get(format) : nil
        let isRGB = descriptor.map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 } ?? false
        let sd = height > 0 && height < 720
        // Reserved or unknown code points (H.273 leaves gaps) count as unspecified.
        let matrix = Self.knownMatrices.contains(matrix.rawValue) ? matrix : AVCOL_SPC_UNSPECIFIED
        let primaries = Self.knownPrimaries.contains(primaries.rawValue) ? primaries : AVCOL_PRI_UNSPECIFIED
        let transfer = Self.knownTransfers.contains(transfer.rawValue) ? transfer : AVCOL_TRC_UNSPECIFIED
        return PictureColor(
            matrix: matrix != AVCOL_SPC_UNSPECIFIED ? matrix : (isRGB ? AVCOL_SPC_RGB : (still || sd ? AVCOL_SPC_SMPTE170M : AVCOL_SPC_BT709)),
            primaries: primaries != AVCOL_PRI_UNSPECIFIED ? primaries : (still || !sd ? AVCOL_PRI_BT709 : AVCOL_PRI_SMPTE170M),
            transfer: transfer != AVCOL_TRC_UNSPECIFIED ? transfer : (still ? AVCOL_TRC_IEC61966_2_1 : (sd ? AVCOL_TRC_SMPTE170M : AVCOL_TRC_BT709)),
            fullRange: range == AVCOL_RANGE_JPEG || (range == AVCOL_RANGE_UNSPECIFIED && (still || isRGB)) || Self.jpegFormats.contains(format.rawValue),
            chromaLocation: chromaLocation)
    }

    /// FFmpeg's full-range YUV formats (`yuvj*`), full range whatever their tags say.
    static let jpegFormats: Set<Int32> = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P,
                                          AV_PIX_FMT_YUVJ411P].map(\.rawValue).reduce(into: []) { $0.insert($1) }

    /// The H.273 code points zimg converts (and the unspecified ones, resolved above).
    static let knownMatrices: Set<UInt32> = [0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14]
    static let knownPrimaries: Set<UInt32> = [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 22]
    static let knownTransfers: Set<UInt32> = [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 18]

    /// A decoded frame's colour, from its own tags, then from its ICC profile (a still's), then the
    /// defaults.
    static func of(_ frame: Frame, still: Bool = false) -> PictureColor {
        let f = frame.pointer.pointee
        var primaries = f.color_primaries, transfer = f.color_trc
        if primaries == AVCOL_PRI_UNSPECIFIED || transfer == AVCOL_TRC_UNSPECIFIED, let icc = iccProfile(of: frame) {
            if primaries == AVCOL_PRI_UNSPECIFIED { primaries = icc.primaries ?? primaries }
            if transfer == AVCOL_TRC_UNSPECIFIED { transfer = icc.transfer ?? transfer }
        }
        return resolve(matrix: f.colorspace, primaries: primaries, transfer: transfer, range: f.color_range,
                       chromaLocation: f.chroma_location, format: frame.pixelFormat, height: frame.height, still: still)
    }

    /// The ICC profile a decoder attached to `frame` (JPEG APP2, PNG iCCP), read.
    static func iccProfile(of frame: Frame) -> ICCProfile? {
        guard let side = av_frame_get_side_data(frame.pointer, AV_FRAME_DATA_ICC_PROFILE), let data = side.pointee.data else { return nil }
        return ICCProfile(UnsafeRawBufferPointer(start: data, count: Int(side.pointee.size)))
    }

    /// `pq` or `hlg` for the HDR transfers, else nil.
    var hdr: String? {
        switch transfer {
        case AVCOL_TRC_SMPTE2084: return "pq"
        case AVCOL_TRC_ARIB_STD_B67: return "hlg"
        default: return nil
        }
    }

    /// Whether a canvas of `canvas` colour must convert this picture's primaries or transfer in
    /// linear light (`ColorConverter`) rather than only its matrix (`Scaler`). Into SDR (BT.709, or
    /// BT.601 for SD): wide gamuts (BT.2020, DCI-P3, Display P3, film) and HDR or linear transfers;
    /// BT.601's primaries and gamma are near enough BT.709's that SDR video of either keeps
    /// swscale's cheap path. Into HDR: anything but BT.2020 with the canvas's own transfer (an SDR
    /// picture is placed at HDR reference white).
    func needsConversion(into canvas: CanvasColor) -> Bool {
        guard canvas.isHDR else { return !isSDRVideo }
        return primaries != AVCOL_PRI_BT2020 || transfer != canvas.avTransfer
    }

    /// Whether a conversion into `canvas` (one `needsConversion(into:)` asks for) changes this
    /// picture's primaries in the light of the scene (`SceneLight`) rather than in display light:
    /// video whose transfer is the camera curve H.273 defines (BT.709's OETF) going into SDR. That
    /// curve is undone and redone exactly, so a colour inside both gamuts keeps its values (BT.709's
    /// green in BT.2020 is BT.709's green) and only colours truly outside BT.709 are gamut-mapped.
    /// Display-referred pictures (sRGB and gamma stills, PQ, HLG) and anything going into HDR (SDR is
    /// placed there in display light, one of BT.2408's two ways) stay in display light, as zimg
    /// converts them.
    func convertsInSceneLight(into canvas: CanvasColor) -> Bool {
        !canvas.isHDR && Self.cameraTransfers.contains(transfer.rawValue)
    }

    /// The transfers H.273 defines by BT.709's OETF.
    static let cameraTransfers: Set<UInt32> = [AVCOL_TRC_BT709.rawValue, AVCOL_TRC_SMPTE170M.rawValue, AVCOL_TRC_BT2020_10.rawValue,
                                               AVCOL_TRC_BT2020_12.rawValue]

    /// SDR video's primaries and gamma (BT.709, BT.601 and their kin).
    private var isSDRVideo: Bool {
        let narrow: Set<UInt32> = [AVCOL_PRI_BT709.rawValue, AVCOL_PRI_SMPTE170M.rawValue, AVCOL_PRI_BT470BG.rawValue, AVCOL_PRI_SMPTE240M.rawValue]
        let gamma: Set<UInt32> = [AVCOL_TRC_BT709.rawValue, AVCOL_TRC_SMPTE170M.rawValue, AVCOL_TRC_BT2020_10.rawValue, AVCOL_TRC_BT2020_12.rawValue,
                                  AVCOL_TRC_IEC61966_2_1.rawValue, AVCOL_TRC_GAMMA22.rawValue, AVCOL_TRC_GAMMA28.rawValue, AVCOL_TRC_SMPTE240M.rawValue]
        return narrow.contains(primaries.rawValue) && gamma.contains(transfer.rawValue)
    }

    /// swscale's name for the Y′CbCr matrix (BT.709, BT.2020, else BT.601's).
    var swsMatrix: Int32 {
        switch matrix {
        case AVCOL_SPC_BT709: return SWS_CS_ITU709
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020
        default: return SWS_CS_ITU601
        }
    }

    // MARK: zimg's names for the same things (its enums take the H.273 code points FFmpeg's do)

    var zimgMatrix: zimg_matrix_coefficients_e { zimg_matrix_coefficients_e(rawValue: Int32(bitPattern: matrix.rawValue)) }
    var zimgTransfer: zimg_transfer_characteristics_e {
        zimg_transfer_characteristics_e(rawValue: Int32(bitPattern: transfer.rawValue))
    }
    var zimgPrimaries: zimg_color_primaries_e {
        // FFmpeg's JEDEC P22 (22) is H.273's EBU 3213-E, as zimg names it.
        zimg_color_primaries_e(rawValue: Int32(bitPattern: primaries.rawValue))
    }
    var zimgChroma: zimg_chroma_location_e {
        switch chromaLocation {
        case AVCHROMA_LOC_CENTER: return ZIMG_CHROMA_CENTER
        case AVCHROMA_LOC_TOPLEFT: return ZIMG_CHROMA_TOP_LEFT
        case AVCHROMA_LOC_TOP: return ZIMG_CHROMA_TOP
        case AVCHROMA_LOC_BOTTOMLEFT: return ZIMG_CHROMA_BOTTOM_LEFT
        case AVCHROMA_LOC_BOTTOM: return ZIMG_CHROMA_BOTTOM
        default: return ZIMG_CHROMA_LEFT  // MPEG-2's, H.264's and HEVC's default
        }
    }
}
